/**
 * The error catalogue (SPEC section 8) plus the codes that are ours. Replies carry a `statusdesc`
 * code; this module maps any such string to what the UI does, the translated message and the HTTP
 * status a server (the simulator, the gateway) uses when it returns the code.
 *
 * HTTP status policy (ours; the spec shows no statuses):
 * - 401 exactly for the session group (the codes after which the client logs out), so that any
 *   layer may treat 401 as "session gone" without reading the body.
 * - 400 malformed request (badRequest, a required login field missing); 404 unknownCall.
 * - 403 the account or operator may not do this (close, suspend, freeze, disabled products).
 * - 409 the same request is already running or was already done (requestProcessing, duplicates).
 * - 429 rate limits (requestLimit, loginLimit); 500 server faults; 502 upstream unreachable;
 *   503 maintenance or a dependency down; 504 timeouts.
 * - 200 for every business rejection: the call worked and the answer is "no" (betOverMax,
 *   roomFull, invalid_password, ...). The body's status/statusdesc carries the outcome.
 */

/** The spec's behaviour groups (SPEC section 8 table), plus betSlip for marketTypeChanged. */
export const ErrorGroup = {
  session: 'session',
  soft: 'soft',
  network: 'network',
  dialogOrWarning: 'dialogOrWarning',
  silent: 'silent',
  notice: 'notice',
  betSlip: 'betSlip',
  other: 'other',
} as const;
export type ErrorGroup = (typeof ErrorGroup)[keyof typeof ErrorGroup];

/** What the catalogue says the UI does for a code; uiActionFor resolves it for one situation. */
export const ErrorBehaviour = {
  /** Session group: warning toast when logged in, error dialog otherwise; then logout and go home. */
  sessionLogout: 'sessionLogout',
  /** Soft: logged; an error dialog only when the caller asks for one. */
  logOnly: 'logOnly',
  /** Network state marked failed; a warning only when the caller asks for one. */
  networkFailed: 'networkFailed',
  /** Error dialog when the caller asks for one, otherwise a warning toast. */
  dialogOrWarning: 'dialogOrWarning',
  silent: 'silent',
  notice: 'notice',
  /** The bet slip is removed and the reason shown in an error dialog. */
  removeBetSlip: 'removeBetSlip',
  dialog: 'dialog',
} as const;
export type ErrorBehaviour = (typeof ErrorBehaviour)[keyof typeof ErrorBehaviour];

/** Subject area of a code, for grouping in docs and logs. */
export type ErrorTopic =
  | 'account'
  | 'request'
  | 'bet'
  | 'parlay'
  | 'market'
  | 'cashout'
  | 'room'
  | 'game'
  | 'system';

/** spec: code string and message as the spec words them; named: the spec describes the error and we
 * chose the code string; ours: not in the spec. */
export type ErrorSource = 'spec' | 'named' | 'ours';

export interface ErrorEntry {
  readonly code: string;
  readonly group: ErrorGroup;
  readonly topic: ErrorTopic;
  readonly behaviour: ErrorBehaviour;
  /** i18n key; null when the message is the upstream's own text (shown as is). */
  readonly i18nKey: string | null;
  /** English message; the spec's wording where it gives one. */
  readonly message: string;
  readonly httpStatus: number;
  readonly source: ErrorSource;
  /** Interpolation values for i18nKey (only for the unknown-code entry). */
  readonly params?: Readonly<Record<string, string>>;
}

type Row = readonly [
  code: string,
  group: ErrorGroup,
  topic: ErrorTopic,
  httpStatus: number,
  message: string,
  source?: ErrorSource,
];

const behaviourOfGroup: Record<ErrorGroup, ErrorBehaviour> = {
  session: 'sessionLogout',
  soft: 'logOnly',
  network: 'networkFailed',
  dialogOrWarning: 'dialogOrWarning',
  silent: 'silent',
  notice: 'notice',
  betSlip: 'removeBetSlip',
  other: 'dialog',
};

const SESSION_EXPIRED = 'Session expired! Please login again to continue...';
const MARKET_CLOSED = 'This market is closed. Please select another market.';

const rows: readonly Row[] = [
  // Session/account group (SPEC section 8): logout afterwards.
  ['account_not_exists', 'session', 'account', 401, 'The account does not exist.'],
  ['account_inactive', 'session', 'account', 401, 'Your account is inactive. Please contact your upline.'],
  ['login_id_not_exists', 'session', 'account', 401, 'The login ID does not exist.'],
  ['session_not_exists', 'session', 'account', 401, SESSION_EXPIRED],
  ['session_expired', 'session', 'account', 401, SESSION_EXPIRED],
  ['sessionExpired', 'session', 'account', 401, SESSION_EXPIRED],
  ['invalidSession', 'session', 'account', 401, SESSION_EXPIRED],
  ['permission_denied', 'session', 'account', 401, 'Permission denied. Please contact your upline.'],
  ['accountIdRequired', 'session', 'account', 401, 'Account ID is required. Please login again.'],
  ['BLOCK', 'session', 'account', 401, 'Your account is blocked. Please contact your upline.'],
  ['CLOSE', 'session', 'account', 401, 'Your account is closed. Please contact your upline.'],
  // Soft group: logged, dialog only on request.
  ['requestLimit', 'soft', 'request', 429, 'You have request too frequent.'],
  ['requestProcessing', 'soft', 'request', 409, 'Your previous request is still processing. Please wait.'],
  ['requestPending', 'soft', 'request', 409, 'Your request is pending. Please wait.'],
  ['requestTimeout', 'soft', 'request', 504, 'The request timed out. Please try again.'],
  ['empty', 'soft', 'request', 200, 'No data found.'],
  ['loginLimit', 'soft', 'account', 429, 'You have login too frequent, please try again after 1 minute...'],
  ['timeoutError', 'soft', 'request', 504, 'The request timed out. Please try again.'],
  ['systemError', 'soft', 'system', 500, 'System error. Please try again later.'],
  ['insufficient_balance', 'soft', 'bet', 200, 'Insufficient Balance'],
  // Network group.
  [
    'requestFailed',
    'network',
    'request',
    502,
    'Your connection unstable. Please check your connection and try again.',
  ],
  // Dialog or warning group.
  ['incompletedRequest', 'dialogOrWarning', 'request', 200, 'Your request is incomplete. Please try again.'],
  [
    'unableToGetBalanceAtTheMoment',
    'dialogOrWarning',
    'account',
    503,
    'Unable to get your balance at the moment. Please try again later.',
  ],
  [
    'duplicate_debit_record',
    'dialogOrWarning',
    'bet',
    409,
    'This transaction was already recorded. Please check your bet list.',
  ],
  // Silent group.
  ['liveCasinoDisabled', 'silent', 'game', 403, 'Live casino is not available for your account.'],
  ['lotteryDisabled', 'silent', 'game', 403, 'Lottery is not available for your account.'],
  ['MiniGameDisabled', 'silent', 'game', 403, 'Mini games are not available for your account.'],
  // Notice group.
  ['betNotExists', 'notice', 'bet', 200, 'The bet does not exist.'],
  // Ticket or market type change: the bet slip goes.
  [
    'marketTypeChanged',
    'betSlip',
    'market',
    200,
    'The market type of this ticket has changed. Please select again.',
  ],
  // Market or match unavailable (numeric codes; the spec gives no texts, these are ours).
  ['308', 'other', 'market', 200, MARKET_CLOSED, 'named'],
  ['311', 'other', 'market', 200, 'This match is not available for betting.', 'named'],
  ['313', 'other', 'market', 200, 'Odds are not available for this selection.', 'named'],
  ['314', 'other', 'market', 200, 'The match has started. This market is closed.', 'named'],
  ['318', 'other', 'market', 200, 'This selection is no longer available.', 'named'],
  ['328', 'other', 'market', 200, 'Betting on this match is temporarily suspended.', 'named'],
  ['340', 'other', 'market', 200, 'This market is not available for parlay.', 'named'],
  // Other codes (SPEC section 8).
  ['loginFailed', 'other', 'account', 200, 'Login failed. Please check your login ID and password.'],
  ['invalid_password', 'other', 'account', 200, 'Invalid password.'],
  ['secondary_account_exists', 'other', 'account', 200, 'A nickname has already been set for this account.'],
  ['new_login_id_exists', 'other', 'account', 200, 'This nickname is already taken. Please choose another.'],
  ['close', 'other', 'account', 403, 'Your account is closed. Please contact your upline.'],
  ['suspend', 'other', 'account', 403, 'Your account is suspended. You can view but not bet.'],
  ['freeze', 'other', 'account', 403, 'Your account is frozen. Please contact your upline.'],
  ['NoUserAccessRight', 'other', 'account', 403, 'You have no access right. Please contact your upline.'],
  ['memberInactive', 'other', 'account', 403, 'Your account is inactive. Please contact your upline.'],
  ['betOverMax', 'other', 'bet', 200, 'Your stake exceeds the max stake.'],
  ['betOverMaxPerMatch', 'other', 'bet', 200, 'Your stake exceeds the max stake per match.'],
  ['betLowerMin', 'other', 'bet', 200, 'Your stake less than the min stake.'],
  ['betOverMaxPayout', 'other', 'bet', 200, 'Your stake exceeds the max payout.'],
  ['betOverLimit', 'other', 'bet', 200, 'Your bet exceeds your betting limit.'],
  ['changeStakeMin', 'other', 'bet', 200, 'Your stake was raised to the min stake.'],
  ['changeStakeMax', 'other', 'bet', 200, 'Your stake was lowered to the max stake.'],
  ['oddsIsUpdating', 'other', 'market', 200, 'Please wait while odds is updating...'],
  ['atLeastTwoMatchToBetParlay', 'other', 'parlay', 200, 'At least mix 2 matches to bet in parlay.'],
  ['atLeastThreeMatchToBetParlay', 'other', 'parlay', 200, 'At least mix 3 matches to bet in parlay.'],
  ['maxParlayTicket', 'other', 'parlay', 200, 'Reach maximum ticket per parlay!'],
  ['matchHide', 'other', 'market', 200, 'This match is no longer available.'],
  ['matchNotAllowBet', 'other', 'market', 200, 'Betting is not allowed on this match.'],
  ['matchNotActive', 'other', 'market', 200, 'This match is not active.'],
  ['invalidBetType', 'other', 'bet', 200, 'Invalid bet type.'],
  ['invalidOdds', 'other', 'bet', 200, 'Invalid odds. Please refresh and try again.'],
  ['invalidCurrency', 'other', 'account', 200, 'This currency is not supported.'],
  ['game_maintenance', 'other', 'game', 503, 'The game is under maintenance. Please try again later.'],
  ['matchEnded', 'other', 'market', 200, 'This match has ended.'],
  ['resultStillProcess', 'other', 'market', 200, 'The result is still being processed. Please check later.'],
  [
    'commissionNotSet',
    'other',
    'system',
    500,
    'Your commission is not set. Please contact your upline.',
    'named',
  ],
  ['walletMissing', 'other', 'system', 500, 'Your wallet is not available. Please contact support.', 'named'],
  ['internalServerError', 'other', 'system', 500, 'Internal server error. Please try again later.', 'named'],
  ['cashoutFailed', 'other', 'cashout', 200, 'Cash out failed. Please try again.', 'named'],
  ['cashoutExpired', 'other', 'cashout', 200, 'The cash out offer has expired. Please check again.', 'named'],
  [
    'cashoutPriceChanged',
    'other',
    'cashout',
    200,
    'The cash out value has changed. Please check the new offer.',
    'named',
  ],
  // Rooms.
  ['roomFull', 'other', 'room', 200, 'Room is already full.'],
  ['roomNotExists', 'other', 'room', 200, 'The room does not exist.'],
  ['roomClosed', 'other', 'room', 200, 'The room is closed.'],
  ['roomEnded', 'other', 'room', 200, 'The room has ended.'],
  // Ours: a room past its last betting time (or stopped) takes no more bets; not the sportsbook's 314.
  ['roomStopBetting', 'other', 'room', 200, 'Betting in this room has stopped.', 'ours'],
  ['memberJoinedBefore', 'other', 'room', 200, 'You have already joined this room.'],
  ['IPJoinedBefore', 'other', 'room', 200, 'This free room has already been joined from your network.'],
  ['roomExists', 'other', 'room', 200, 'Not allow to create more than 1 private room.'],
  ['invalidRate', 'other', 'room', 200, 'The entry fee must be a whole number between 10 and 1000.', 'named'],
  ['invalidLimit', 'other', 'room', 200, 'The number of players must be between 3 and 30.', 'named'],
  ['invalidPin', 'other', 'room', 200, 'The PIN must be exactly 6 digits.', 'named'],
  ['createRoomFailed-1', 'other', 'room', 200, 'Unable to create the room. Please try again.', 'named'],
  [
    'createRoomFailed-2',
    'other',
    'room',
    200,
    'Unable to create the room: the entry fee could not be charged.',
    'named',
  ],
  [
    'createRoomFailed-3',
    'other',
    'room',
    200,
    'Unable to create the room: the selected matches are no longer available.',
    'named',
  ],
  ['joinFailed-1', 'other', 'room', 200, 'Unable to join the room. Please try again.', 'named'],
  [
    'joinFailed-2',
    'other',
    'room',
    200,
    'Unable to join the room: the entry fee could not be charged.',
    'named',
  ],
  ['tournamentDisabled', 'other', 'room', 403, 'Tournament is not available for your account.'],
  ['liveMatchNotAllowed', 'other', 'room', 200, 'Live matches are not allowed in this room.', 'named'],
  ['roomNotJoined', 'other', 'room', 200, 'You have not joined this room.', 'ours'],
  ['roomStarted', 'other', 'room', 200, 'The room has started. You can no longer leave it.', 'ours'],
  // Validation codes of SPEC section 5 that a server may also return.
  ['usernameRequired', 'other', 'account', 400, 'Please enter your login ID.'],
  ['passwordRequired', 'other', 'account', 400, 'Please enter your password.'],
  // Ours: a login id over AccountLimits.maxLoginIdLength, from the form or a server.
  ['loginIdTooLong', 'other', 'account', 400, 'A login ID has at most 64 characters.', 'ours'],
  // Ours.
  ['badRequest', 'other', 'request', 400, 'The request is invalid. Please check and try again.', 'ours'],
  ['unknownCall', 'other', 'request', 404, 'This function is not available.', 'ours'],
  [
    'sameMatchInParlay',
    'other',
    'parlay',
    200,
    'Only one selection per match is allowed in a parlay.',
    'ours',
  ],
  [
    'oddsChanged',
    'other',
    'bet',
    200,
    'The odds have changed. Please check the new odds and confirm.',
    'ours',
  ],
  ['marketSuspended', 'other', 'market', 200, 'This market is suspended. Please try again shortly.', 'ours'],
  ['cashoutUnavailable', 'other', 'cashout', 200, 'Cash out is not available for this bet.', 'ours'],
  // 4D lottery: the draw is past its close time, cancelled, or not scheduled.
  [
    'drawClosed',
    'other',
    'game',
    200,
    'Betting on this draw is closed. Please choose the next draw.',
    'ours',
  ],
  ['duplicateRequest', 'other', 'request', 409, 'This request was already received.', 'ours'],
  // The whole site under maintenance (listFeed.ts SiteMaintenanceCode): the web
  // shows no message for it, it goes to /maintenance (web/src/app/siteStatus.ts).
  ['maintenance', 'silent', 'system', 503, 'The site is under maintenance. Please come back later.', 'ours'],
  // A bet placement's request_id reused with another body (another stake, selection or price).
  [
    'requestIdReused',
    'other',
    'request',
    409,
    'This bet request was already used for a different bet. Please place the bet again.',
    'ours',
  ],
];

function toEntry([code, group, topic, httpStatus, message, source = 'spec']: Row): ErrorEntry {
  return {
    code,
    group,
    topic,
    behaviour: behaviourOfGroup[group],
    i18nKey: `error.${code}`,
    message,
    httpStatus,
    source,
  };
}

const catalogue = new Map<string, ErrorEntry>(rows.map((row) => [row[0], toEntry(row)]));

/** Every catalogued entry, in the spec's order. */
export const ErrorCatalogue: readonly ErrorEntry[] = [...catalogue.values()];

/** Code strings that are catalogued (for typed producers: `code satisfies ErrorCode` is not possible
 * on a runtime table, so producers use `isKnownErrorCode` in tests). */
export function isKnownErrorCode(code: unknown): boolean {
  return typeof code === 'string' && catalogue.has(code);
}

/** Codes the spec expects servers to send for market or match unavailability. */
export const MarketUnavailableCodes = ['308', '311', '313', '314', '318', '328', '340'] as const;

/** The codes of our own that other packages use by name. */
export const OurErrorCode = {
  badRequest: 'badRequest',
  unknownCall: 'unknownCall',
  sameMatchInParlay: 'sameMatchInParlay',
  oddsChanged: 'oddsChanged',
  marketSuspended: 'marketSuspended',
  cashoutUnavailable: 'cashoutUnavailable',
  duplicateRequest: 'duplicateRequest',
  requestIdReused: 'requestIdReused',
} as const;
export type OurErrorCode = (typeof OurErrorCode)[keyof typeof OurErrorCode];

const MAX_SHOWN_TEXT = 500;

/**
 * The entry for any statusdesc. Unknown codes fall in the 'other' group (error dialog). A text
 * containing a space is an upstream message, not a code, and is shown as is (SPEC section 8).
 */
export function describeError(code: string): ErrorEntry {
  const text = typeof code === 'string' ? code : '';
  const known = catalogue.get(text);
  if (known) return known;
  if (text.includes(' ')) {
    return {
      code: text,
      group: 'other',
      topic: 'system',
      behaviour: 'dialog',
      i18nKey: null,
      message: text.length > MAX_SHOWN_TEXT ? `${text.slice(0, MAX_SHOWN_TEXT)}…` : text,
      httpStatus: 200,
      source: 'spec',
    };
  }
  const shown = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  return {
    code: text,
    group: 'other',
    topic: 'system',
    behaviour: 'dialog',
    i18nKey: 'error.unknown',
    message: unknownMessage(shown),
    httpStatus: 200,
    source: 'ours',
    params: { code: shown },
  };
}

function unknownMessage(code: string): string {
  return code === ''
    ? 'An error occurred. Please try again.'
    : `An error occurred (${code}). Please try again.`;
}

/** The HTTP status a server uses when it answers with `code` (policy in the module comment). */
export function httpStatusFor(code: string): number {
  return describeError(code).httpStatus;
}

export type UiActionKind =
  | 'toastThenLogout'
  | 'dialogThenLogout'
  | 'logOnly'
  | 'logThenDialog'
  | 'networkFailed'
  | 'networkFailedWithWarning'
  | 'dialog'
  | 'warning'
  | 'silent'
  | 'notice'
  | 'removeBetSlip';

export interface UiAction {
  readonly kind: UiActionKind;
  readonly show: 'toast' | 'dialog' | 'notice' | 'none';
  readonly severity: 'error' | 'warning' | 'info';
  readonly logout: boolean;
  readonly goHome: boolean;
  readonly markNetworkFailed: boolean;
  readonly removeBetSlip: boolean;
  /** Write it to the client log (soft and network codes are always logged). */
  readonly log: boolean;
  readonly i18nKey: string | null;
  readonly message: string;
  readonly params?: Readonly<Record<string, string>>;
}

export interface UiContext {
  readonly loggedIn: boolean;
  /** The caller asked to show an error (soft, network and dialog-or-warning codes only). */
  readonly callerWantsDialog?: boolean;
}

/** What the UI does when a reply carries `code`. */
export function uiActionFor(code: string, context: UiContext): UiAction {
  const entry = describeError(code);
  const loggedIn = context?.loggedIn === true;
  const wants = context?.callerWantsDialog === true;
  const base = {
    logout: false,
    goHome: false,
    markNetworkFailed: false,
    removeBetSlip: false,
    log: false,
    i18nKey: entry.i18nKey,
    message: entry.message,
    ...(entry.params ? { params: entry.params } : {}),
  };
  switch (entry.behaviour) {
    case 'sessionLogout':
      return loggedIn
        ? { ...base, kind: 'toastThenLogout', show: 'toast', severity: 'warning', logout: true, goHome: true }
        : {
            ...base,
            kind: 'dialogThenLogout',
            show: 'dialog',
            severity: 'error',
            logout: true,
            goHome: true,
          };
    case 'logOnly':
      return wants
        ? { ...base, kind: 'logThenDialog', show: 'dialog', severity: 'error', log: true }
        : { ...base, kind: 'logOnly', show: 'none', severity: 'error', log: true };
    case 'networkFailed':
      return wants
        ? {
            ...base,
            kind: 'networkFailedWithWarning',
            show: 'toast',
            severity: 'warning',
            markNetworkFailed: true,
            log: true,
          }
        : {
            ...base,
            kind: 'networkFailed',
            show: 'none',
            severity: 'warning',
            markNetworkFailed: true,
            log: true,
          };
    case 'dialogOrWarning':
      return wants
        ? { ...base, kind: 'dialog', show: 'dialog', severity: 'error' }
        : { ...base, kind: 'warning', show: 'toast', severity: 'warning' };
    case 'silent':
      return { ...base, kind: 'silent', show: 'none', severity: 'info' };
    case 'notice':
      return { ...base, kind: 'notice', show: 'notice', severity: 'info' };
    case 'removeBetSlip':
      return { ...base, kind: 'removeBetSlip', show: 'dialog', severity: 'error', removeBetSlip: true };
    case 'dialog':
      return { ...base, kind: 'dialog', show: 'dialog', severity: 'error' };
  }
}

/**
 * English messages as a flat i18n resource keyed by the full key (`error.session_expired`). With
 * i18next use `keySeparator: false` for this resource, or nest it under `error`.
 * `error.unknown` takes `{{code}}`.
 */
export const errorMessagesEn: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(ErrorCatalogue.map((entry) => [entry.i18nKey as string, entry.message])),
  'error.unknown': 'An error occurred ({{code}}). Please try again.',
});
