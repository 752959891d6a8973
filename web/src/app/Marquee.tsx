/**
 * The marquee under the header: the operator's lines in the language shown, from the gateway's
 * shared topic `list/marquee/<language>` (one upstream poll for every player; a language
 * switch is a switch of topic). Nothing while the upstream lists no line. Until the topic's first
 * message its place is kept (an empty line of the same height): the marquee arriving after the
 * page's first paint moved everything below it down, a layout shift on every start.
 */
import {
  DefaultLanguage,
  isLanguage,
  type MarqueeListModel,
  type MessageRow,
  marqueeLinesOf,
} from '@sportsbook/protocol';
import { useTopicView } from '../shared/stream/react.tsx';

export const marqueeTopic = (language: string) =>
  `list/marquee/${isLanguage(language) ? language : DefaultLanguage}`;

export function Marquee({ language, label }: { language: string; label: string }) {
  const { model: lines, error } = useTopicView<MarqueeListModel, MessageRow[]>(
    marqueeTopic(language),
    marqueeLinesOf,
  );
  if (lines === null && error === null)
    return (
      <div className="marquee" aria-hidden="true" data-loading="">
        <span>{'\u00a0'}</span>
      </div>
    );
  if (!lines || lines.length === 0) return null;
  return (
    <div className="marquee" role="marquee" aria-label={label}>
      <span>{lines.map((m) => m.content).join('   •   ')}</span>
    </div>
  );
}
