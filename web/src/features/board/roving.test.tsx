// @vitest-environment jsdom
/**
 * Keyboard focus on the board (roving.ts) over real OddsCells fed by a topic's
 * views: the prices are one tab stop, arrows, Home and End move between them (suspended prices
 * skipped, no wrap), a focused price becomes the tab stop; a moved price is said in the board's
 * status line only when it has the focus, in the player's language.
 */
import { applyDelta, emptyMarketModel, type MarketModel, type MarketOdds } from '@sportsbook/protocol';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { deltaChanges } from '../../shared/stream/changes.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { StreamProvider } from '../../shared/stream/react.tsx';
import type { TopicView } from '../../shared/stream/topicState.ts';
import { BoardFocus, type BoardT, BoardText, OddsCell } from './OddsCell.tsx';
import { attachBoardKeys, ensureRovingCell } from './roving.ts';

afterEach(cleanup);

const topic = 'odds/1/hdpou/today';
const view = (model: MarketModel, changes: TopicView['changes'] = null) =>
  ({ topic, model, changes, epoch: 'e', seq: 1, hash: null, stale: false }) as unknown as TopicView;

const row = (id: string, matchId: number, betType: string, status = 0): MarketOdds =>
  ({ id, matchId, betType, line: 0.5, status, prices: [1.9, 1.95], labels: null }) as MarketOdds;

/**
 * Three matches, each an HDP column and an OU column of two prices; match 12's HDP row is
 * suspended. Returns the board, its cells by "match:bettype:index", and a price mover.
 */
async function renderBoard(language: 'en' | 'th' = 'en') {
  const rows = [
    row('11-HDP', 11, 'HDP'),
    row('11-OU', 11, 'OU'),
    row('12-HDP', 12, 'HDP', 1),
    row('12-OU', 12, 'OU'),
    row('13-HDP', 13, 'HDP'),
    row('13-OU', 13, 'OU'),
  ];
  const subject = new BehaviorSubject(
    view({ ...emptyMarketModel(), odds: Object.fromEntries(rows.map((r) => [r.id, r])) } as MarketModel),
  );
  const stream = {
    topic: () => subject.asObservable() as Observable<TopicView>,
    peek: () => subject.value,
  } as unknown as OddsStream;
  const move = (id: string, index: number, price: number) =>
    act(() => {
      const model = subject.value.model as MarketModel;
      const ops = [['odds', id, { prices: { [index]: price } }]] as Parameters<typeof applyDelta>[1];
      subject.next(view(applyDelta(model, ops) as MarketModel, deltaChanges(model, ops)));
    });
  const i18n = createI18n('en');
  await switchLanguage(i18n, language);
  const t = i18n.getFixedT(language, 'book') as unknown as BoardT;
  const said: string[] = [];
  const focus = { roving: true, announce: (text: string) => said.push(text) };
  const cell = (id: string, index: number, name: string) =>
    createElement(OddsCell, {
      key: `${id}-${index}`,
      topic,
      oddsId: id,
      index,
      format: 'DEC',
      locked: false,
      onPick: () => {},
      name,
    });
  const match = (m: number): ReactNode =>
    createElement(
      'div',
      { className: 'match-row', key: m, 'data-match': m },
      createElement(
        'div',
        { className: 'odds-col' },
        cell(`${m}-HDP`, 0, `Home ${m}`),
        cell(`${m}-HDP`, 1, `Away ${m}`),
      ),
      createElement(
        'div',
        { className: 'odds-col' },
        cell(`${m}-OU`, 0, 'Over'),
        cell(`${m}-OU`, 1, 'Under'),
      ),
    );
  const view_ = render(
    createElement(
      StreamProvider,
      { value: stream },
      createElement(
        BoardText.Provider,
        { value: t },
        createElement(
          BoardFocus.Provider,
          { value: focus },
          createElement('section', { className: 'board' }, [11, 12, 13].map(match)),
        ),
      ),
      createElement('button', { type: 'button', 'data-after': '' }, 'after'),
    ),
  );
  const board = view_.container.querySelector('.board') as HTMLElement;
  const detach = attachBoardKeys(board);
  ensureRovingCell(board);
  const get = (key: string) => {
    const [m, bt, i] = key.split(':');
    return board.querySelector(
      `button.odds-cell[data-odds="${m}-${bt}"][data-index="${i}"]`,
    ) as HTMLButtonElement;
  };
  return { board, get, move, said, detach, i18n };
}

const key = (k: string, extra: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement as Element, { key: k, ...extra });
const active = () => document.activeElement as HTMLElement;
const where = () => `${active().dataset.odds}:${active().dataset.index}`;

describe('board roving focus', () => {
  it('is one tab stop however many prices it shows, the first open price', async () => {
    const { board, get, detach } = await renderBoard();
    const stops = [...board.querySelectorAll<HTMLElement>('button.odds-cell')].filter(
      (b) => b.tabIndex === 0,
    );
    expect(stops).toEqual([get('11:HDP:0')]);
    expect(board.querySelectorAll('button.odds-cell[tabindex="-1"]').length).toBe(11);
    detach();
  });

  it('moves with the arrows through a match in reading order, to the same place in the next match, skipping suspended prices, without wrapping', async () => {
    const { get, detach } = await renderBoard();
    get('11:HDP:0').focus();
    key('ArrowRight');
    expect(where()).toBe('11-HDP:1');
    key('ArrowRight');
    expect(where()).toBe('11-OU:0');
    key('ArrowLeft');
    expect(where()).toBe('11-HDP:1');
    // Down from the HDP away price: match 12's HDP row is suspended, so its nearest open price
    // (the next column, the same line).
    key('ArrowDown');
    expect(where()).toBe('12-OU:1');
    key('ArrowDown');
    expect(where()).toBe('13-OU:1');
    // The last match: Down stays, and the key is consumed (the page does not scroll).
    const event = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    active().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(where()).toBe('13-OU:1');
    key('ArrowUp');
    expect(where()).toBe('12-OU:1');
    // Match 12's suspended HDP prices are skipped: past its first open price, Left has nowhere to go.
    key('ArrowLeft');
    expect(where()).toBe('12-OU:0');
    key('ArrowLeft');
    expect(where()).toBe('12-OU:0');
    detach();
  });

  it('Home and End go to the ends of the match, with Ctrl to the ends of the board; the focused price is the tab stop', async () => {
    const { board, get, detach } = await renderBoard();
    get('12:OU:0').focus();
    key('End');
    expect(where()).toBe('12-OU:1');
    key('Home');
    expect(where()).toBe('12-OU:0');
    key('End', { ctrlKey: true });
    expect(where()).toBe('13-OU:1');
    key('Home', { ctrlKey: true });
    expect(where()).toBe('11-HDP:0');
    key('ArrowDown');
    key('ArrowDown');
    // The price the keyboard left is the board's one tab stop (Tab away and back lands on it).
    expect([...board.querySelectorAll('button.odds-cell[tabindex="0"]')]).toEqual([get('13:OU:0')]);
    // A click (focus) on another price moves the tab stop there.
    act(() => get('11:OU:1').focus());
    expect([...board.querySelectorAll('button.odds-cell[tabindex="0"]')]).toEqual([get('11:OU:1')]);
    detach();
  });

  it('skips prices a phone card hides (display: none), for the tab stop and the arrows', async () => {
    const { board, get, detach } = await renderBoard();
    // A phone card shows the main lines only: here match 11's HDP prices are hidden.
    for (const key of ['11:HDP:0', '11:HDP:1']) Object.assign(get(key), { checkVisibility: () => false });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect([...board.querySelectorAll('button.odds-cell[tabindex="0"]')]).toEqual([get('11:OU:0')]);
    get('11:OU:0').focus();
    key('ArrowLeft');
    expect(where()).toBe('11-OU:0');
    key('Home');
    expect(where()).toBe('11-OU:0');
    detach();
  });

  it('a Tab finds an open price when the tab stop was suspended', async () => {
    const { board, get, detach } = await renderBoard();
    get('11:HDP:0').tabIndex = -1;
    get('12:HDP:0').tabIndex = 0; // suspended: not focusable
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect([...board.querySelectorAll('button.odds-cell[tabindex="0"]')]).toEqual([get('11:HDP:0')]);
    detach();
  });
});

describe('board announcements', () => {
  it('says a move of the focused price only, never of the others', async () => {
    const { get, move, said, detach } = await renderBoard();
    move('11-OU', 0, 2.1);
    expect(said).toEqual([]);
    get('11:HDP:1').focus();
    move('11-HDP', 1, 2.05);
    move('13-HDP', 1, 1.5);
    move('11-HDP', 1, 1.8);
    expect(said).toEqual(['Away 11 up to 2.05', 'Away 11 down to 1.80']);
    detach();
  });

  it("says it in the player's language", async () => {
    const { get, move, said, detach, i18n } = await renderBoard('th');
    get('11:HDP:0').focus();
    move('11-HDP', 0, 2.0);
    expect(said).toEqual([i18n.t('board.priceUp', { ns: 'book', pick: 'Home 11', price: '2.00' })]);
    expect(said[0]).toContain('ขึ้น');
    detach();
  });
});
