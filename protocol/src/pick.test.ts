import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { myanmarHandicapPercent } from './myanmar.ts';
import {
  EnglishPickWords,
  formatSignedLine,
  myanmarSelection,
  myanmarSide,
  pickParts,
  pickText,
  sideHandicap,
} from './pick.ts';
import { settleSelection } from './settlement.ts';

const teams = { home: 'Zelston Wanderers', away: 'Westford Town' };
/** Any handicap on quarter goals, -6..+6, quarter lines included. */
const quarterLine = fc.integer({ min: -24, max: 24 }).map((q) => q / 4);
const goals = fc.integer({ min: 0, max: 9 });

describe('pick labels', () => {
  it('names the reported away pick with its own sign', () => {
    const pick = { betType: 'HDP', selection: 1, line: -0.25 };
    expect(pickText(pick, teams, EnglishPickWords)).toBe('Westford Town +0.25');
    expect(pickText({ ...pick, selection: 0 }, teams, EnglishPickWords)).toBe('Zelston Wanderers -0.25');
    expect(pickText({ betType: 'HDP', selection: 0, line: 1 }, teams, EnglishPickWords)).toBe(
      'Zelston Wanderers +1',
    );
    expect(pickText({ betType: 'HDP', selection: 1, line: 0 }, teams, EnglishPickWords)).toBe(
      'Westford Town 0',
    );
  });

  it('signs every non-level line, and the two sides of a row read opposite lines', () => {
    fc.assert(
      fc.property(quarterLine, fc.constantFrom('HDP', 'HDPH'), (line, betType) => {
        const home = pickParts({ betType, selection: 0, line }).line ?? '';
        const away = pickParts({ betType, selection: 1, line }).line ?? '';
        expect(Number(home)).toBe(line === 0 ? 0 : line);
        expect(Number(away)).toBe(line === 0 ? 0 : -line);
        if (line !== 0) {
          expect(home[0]).toBe(line > 0 ? '+' : '-');
          expect(away[0]).toBe(line > 0 ? '-' : '+');
        } else {
          expect([home, away]).toEqual(['0', '0']);
        }
      }),
    );
  });

  it('the printed line, applied to the named team, settles as the bet does', () => {
    fc.assert(
      fc.property(quarterLine, fc.constantFrom(0, 1), goals, goals, (line, selection, home, away) => {
        const parts = pickParts({ betType: 'HDP', selection, line });
        const side = parts.side as 'home' | 'away';
        expect(side).toBe(selection === 0 ? 'home' : 'away');
        const [forGoals, against] = side === 'home' ? [home, away] : [away, home];
        // What the player reads: his team with the printed handicap, against the other team.
        const read = settleSelection({
          betType: 'HDP',
          line: Number(parts.line),
          selection: 0,
          labels: null,
          score: { home: forGoals, away: against, htHome: 0, htAway: 0, firstGoal: null, lastGoal: null },
        });
        const bet = settleSelection({
          betType: 'HDP',
          line,
          selection,
          labels: null,
          score: { home, away, htHome: 0, htAway: 0, firstGoal: null, lastGoal: null },
        });
        expect(read).toBe(bet);
      }),
    );
  });

  it('totals are unsigned, over for 0 and under for 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }).map((q) => q / 4),
        fc.constantFrom(0, 1),
        (line, selection) => {
          const text = pickText({ betType: 'OU', selection, line }, teams, EnglishPickWords);
          expect(text).toBe(`${selection === 0 ? 'Over' : 'Under'} ${line}`);
        },
      ),
    );
  });

  it('formats signed lines without float noise or a negative zero', () => {
    expect(formatSignedLine(0.1 + 0.2)).toBe('+0.3');
    expect(formatSignedLine(-0)).toBe('0');
    expect(sideHandicap(0, 'away')).toBe(0);
    expect(Object.is(sideHandicap(0, 'away'), -0)).toBe(false);
  });

  it('Myanmar handicap: selection 0 is the giver, whichever team gives', () => {
    const words = EnglishPickWords;
    expect(pickText({ betType: 'MHDP', selection: 0, line: 'D-10', giver: 'A' }, teams, words)).toBe(
      'Westford Town gives D-10',
    );
    expect(pickText({ betType: 'MHDP', selection: 1, line: 'D-10', giver: 'A' }, teams, words)).toBe(
      'Zelston Wanderers takes D-10',
    );
    expect(pickText({ betType: 'MHDP', selection: 0, line: '1+50', giver: 'H' }, teams, words)).toBe(
      'Zelston Wanderers gives 1+50',
    );
    expect(pickText({ betType: 'MOU', selection: 1, line: '2+50', giver: 'O' }, teams, words)).toBe(
      'Under 2+50',
    );
  });

  it('Myanmar: the board index of a team backs that team when settled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('H', 'A'),
        fc.constantFrom('home', 'away'),
        goals,
        goals,
        (giver, side, home, away) => {
          const selection = myanmarSelection(giver, side as 'home' | 'away');
          expect(myanmarSide(giver, selection)).toBe(side);
          const backed = side === 'home' ? 'H' : 'A';
          // Settling the index the board sends equals settling the team the player clicked.
          const viaIndex = myanmarHandicapPercent({
            price: '1+50',
            giver: giver as 'H' | 'A',
            selection: selection === 0 ? (giver as 'H' | 'A') : giver === 'H' ? 'A' : 'H',
            home,
            away,
          });
          const viaTeam = myanmarHandicapPercent({
            price: '1+50',
            giver: giver as 'H' | 'A',
            selection: backed,
            home,
            away,
          });
          expect(viaIndex).toBe(viaTeam);
        },
      ),
    );
  });

  it('named rows keep their own label; 1X2, ML and odd/even name the side; never an empty text', () => {
    expect(pickText({ betType: 'CS', selection: 3, line: null, label: '2-1' }, teams, EnglishPickWords)).toBe(
      '2-1',
    );
    expect(pickText({ betType: '1X2', selection: 1, line: null }, teams, EnglishPickWords)).toBe('Draw');
    expect(pickText({ betType: '1X2', selection: 2, line: null }, teams, EnglishPickWords)).toBe(
      'Westford Town',
    );
    expect(pickText({ betType: 'ML', selection: 0, line: null }, teams, EnglishPickWords)).toBe(
      'Zelston Wanderers',
    );
    expect(pickText({ betType: 'OEH', selection: 1, line: null }, teams, EnglishPickWords)).toBe('Even');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6 }), fc.nat(12), (betType, selection) => {
        expect(pickText({ betType, selection, line: null }, teams, EnglishPickWords).length).toBeGreaterThan(
          0,
        );
      }),
    );
  });
});
