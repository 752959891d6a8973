/** The markets namespace's `t` as a context (given once per panel or board), and `Text` rendering. */
import { createContext } from 'react';
import type { Text } from './groups.ts';

export type MarketsT = (key: string, options?: Record<string, unknown>) => string;
export const MarketsText = createContext<MarketsT>((key) => key);

/** A `Text` in the current language: a key through `t`, or the text as it is. */
export function textOf(t: MarketsT, text: Text): string {
  return 'key' in text ? t(text.key, text.values) : text.text;
}
