/**
 * The sports menu's configured orders (SPEC section 9: "sports menu default order comes from
 * configuration, with an alternate for currency BDT"): sent in uxmenu's `sports_order` (protocol
 * rows.ts `MenuData`), where the web reads them. Sport ids; sports not listed follow alphabetically.
 * Configured with SimOptions.sportsOrder or SIM_SPORTS_ORDER / SIM_SPORTS_ORDER_BDT (config.ts).
 */
export const DefaultSportsOrder = {
  default: [1, 2, 3, 43, 5, 4, 9, 6, 7, 10, 8, 11, 12],
  /** Cricket (10) first for members in BDT. */
  BDT: [10, 1, 2, 43, 3, 9, 7],
} as const satisfies Readonly<Record<string, readonly number[]>>;
