import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeError,
  ErrorCatalogue,
  errorMessagesEn,
  httpStatusFor,
  isKnownErrorCode,
  MarketUnavailableCodes,
  OurErrorCode,
  uiActionFor,
} from './errors.ts';

const specCodes = [
  // Session/account.
  'account_not_exists',
  'account_inactive',
  'login_id_not_exists',
  'session_not_exists',
  'session_expired',
  'sessionExpired',
  'invalidSession',
  'permission_denied',
  'accountIdRequired',
  'BLOCK',
  'CLOSE',
  // Soft.
  'requestLimit',
  'requestProcessing',
  'requestPending',
  'requestTimeout',
  'empty',
  'loginLimit',
  'timeoutError',
  'systemError',
  'insufficient_balance',
  'requestFailed',
  'incompletedRequest',
  'unableToGetBalanceAtTheMoment',
  'duplicate_debit_record',
  'liveCasinoDisabled',
  'lotteryDisabled',
  'MiniGameDisabled',
  'betNotExists',
  'marketTypeChanged',
  // Other codes.
  'loginFailed',
  'invalid_password',
  'secondary_account_exists',
  'new_login_id_exists',
  'close',
  'suspend',
  'freeze',
  'NoUserAccessRight',
  'memberInactive',
  'betOverMax',
  'betOverMaxPerMatch',
  'betLowerMin',
  'betOverMaxPayout',
  'betOverLimit',
  'changeStakeMin',
  'changeStakeMax',
  'oddsIsUpdating',
  'atLeastTwoMatchToBetParlay',
  'atLeastThreeMatchToBetParlay',
  'maxParlayTicket',
  'matchHide',
  'matchNotAllowBet',
  'matchNotActive',
  'invalidBetType',
  'invalidOdds',
  'invalidCurrency',
  'game_maintenance',
  'matchEnded',
  'resultStillProcess',
  'commissionNotSet',
  'walletMissing',
  'internalServerError',
  'cashoutFailed',
  'roomFull',
  'roomNotExists',
  'roomClosed',
  'roomEnded',
  'memberJoinedBefore',
  'IPJoinedBefore',
  'roomExists',
  'invalidRate',
  'invalidLimit',
  'invalidPin',
  'createRoomFailed-1',
  'createRoomFailed-2',
  'createRoomFailed-3',
  'joinFailed-1',
  'joinFailed-2',
  'tournamentDisabled',
  'liveMatchNotAllowed',
  'usernameRequired',
  'passwordRequired',
  ...MarketUnavailableCodes,
];

describe('error catalogue', () => {
  it('holds every code of SPEC section 8 and ours', () => {
    for (const code of [...specCodes, ...Object.values(OurErrorCode)]) {
      expect(isKnownErrorCode(code), code).toBe(true);
    }
  });

  it('has unique codes, an i18n key per code and a message per key', () => {
    const codes = ErrorCatalogue.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of ErrorCatalogue) {
      expect(entry.i18nKey).toBe(`error.${entry.code}`);
      expect(errorMessagesEn[entry.i18nKey as string]).toBe(entry.message);
      expect(entry.message.length).toBeGreaterThan(0);
    }
    expect(errorMessagesEn['error.unknown']).toContain('{{code}}');
  });

  it('keeps the spec wording of its messages', () => {
    expect(describeError('session_expired').message).toBe(
      'Session expired! Please login again to continue...',
    );
    expect(describeError('invalid_password').message).toBe('Invalid password.');
    expect(describeError('loginLimit').message).toBe(
      'You have login too frequent, please try again after 1 minute...',
    );
    expect(describeError('requestLimit').message).toBe('You have request too frequent.');
    expect(describeError('insufficient_balance').message).toBe('Insufficient Balance');
    expect(describeError('requestFailed').message).toBe(
      'Your connection unstable. Please check your connection and try again.',
    );
    expect(describeError('betOverMax').message).toBe('Your stake exceeds the max stake.');
    expect(describeError('betLowerMin').message).toBe('Your stake less than the min stake.');
    expect(describeError('betOverMaxPayout').message).toBe('Your stake exceeds the max payout.');
    expect(describeError('atLeastTwoMatchToBetParlay').message).toBe(
      'At least mix 2 matches to bet in parlay.',
    );
    expect(describeError('maxParlayTicket').message).toBe('Reach maximum ticket per parlay!');
    expect(describeError('roomFull').message).toBe('Room is already full.');
    expect(describeError('roomExists').message).toBe('Not allow to create more than 1 private room.');
    expect(describeError('oddsIsUpdating').message).toBe('Please wait while odds is updating...');
  });

  it('puts the spec groups on their codes', () => {
    expect(describeError('BLOCK').group).toBe('session');
    expect(describeError('requestProcessing').group).toBe('soft');
    expect(describeError('requestFailed').group).toBe('network');
    expect(describeError('duplicate_debit_record').group).toBe('dialogOrWarning');
    expect(describeError('lotteryDisabled').group).toBe('silent');
    expect(describeError('betNotExists').group).toBe('notice');
    expect(describeError('marketTypeChanged').behaviour).toBe('removeBetSlip');
    expect(describeError('roomFull').behaviour).toBe('dialog');
  });

  it('follows the HTTP status policy', () => {
    expect(httpStatusFor('badRequest')).toBe(400);
    expect(httpStatusFor('unknownCall')).toBe(404);
    for (const entry of ErrorCatalogue) {
      // 401 means exactly "session gone, log out".
      expect(entry.httpStatus === 401, entry.code).toBe(entry.group === 'session');
    }
    expect(httpStatusFor('requestLimit')).toBe(429);
    expect(httpStatusFor('loginLimit')).toBe(429);
    expect(httpStatusFor('requestProcessing')).toBe(409);
    expect(httpStatusFor('duplicateRequest')).toBe(409);
    expect(httpStatusFor('betOverMax')).toBe(200);
    expect(httpStatusFor('roomFull')).toBe(200);
    expect(httpStatusFor('requestFailed')).toBe(502);
    expect(httpStatusFor('some_new_code')).toBe(200);
  });
});

describe('describeError', () => {
  it('shows a text containing a space as is', () => {
    const entry = describeError('Bet rejected by trader');
    expect(entry).toMatchObject({
      group: 'other',
      behaviour: 'dialog',
      i18nKey: null,
      message: 'Bet rejected by trader',
    });
  });

  it('maps an unknown code to an error dialog naming the code', () => {
    const entry = describeError('weirdCode42');
    expect(entry).toMatchObject({ group: 'other', behaviour: 'dialog', i18nKey: 'error.unknown' });
    expect(entry.params).toEqual({ code: 'weirdCode42' });
    expect(entry.message).toContain('weirdCode42');
  });

  it('does not treat prototype keys as codes', () => {
    expect(describeError('constructor').i18nKey).toBe('error.unknown');
    expect(describeError('__proto__').i18nKey).toBe('error.unknown');
  });

  it('never throws and always gives a message (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const entry = describeError(value as string);
        expect(typeof entry.message).toBe('string');
        expect(entry.message.length).toBeLessThanOrEqual(600);
        const action = uiActionFor(value as string, { loggedIn: true });
        expect(action.message).toBe(entry.message);
      }),
      { numRuns: 500 },
    );
  });
});

describe('uiActionFor', () => {
  it('session codes: toast when logged in, dialog otherwise, then logout and home', () => {
    expect(uiActionFor('session_expired', { loggedIn: true })).toMatchObject({
      kind: 'toastThenLogout',
      show: 'toast',
      severity: 'warning',
      logout: true,
      goHome: true,
    });
    expect(uiActionFor('CLOSE', { loggedIn: false })).toMatchObject({
      kind: 'dialogThenLogout',
      show: 'dialog',
      logout: true,
      goHome: true,
    });
  });

  it('soft codes: logged, dialog only when the caller asks', () => {
    expect(uiActionFor('requestProcessing', { loggedIn: true })).toMatchObject({
      kind: 'logOnly',
      show: 'none',
      log: true,
    });
    expect(uiActionFor('requestProcessing', { loggedIn: true, callerWantsDialog: true })).toMatchObject({
      kind: 'logThenDialog',
      show: 'dialog',
      log: true,
      logout: false,
    });
  });

  it('network code marks the network failed, warning optional', () => {
    expect(uiActionFor('requestFailed', { loggedIn: true })).toMatchObject({
      markNetworkFailed: true,
      show: 'none',
    });
    expect(uiActionFor('requestFailed', { loggedIn: true, callerWantsDialog: true })).toMatchObject({
      markNetworkFailed: true,
      show: 'toast',
      severity: 'warning',
    });
  });

  it('silent, notice, bet slip removal and the other codes', () => {
    expect(uiActionFor('liveCasinoDisabled', { loggedIn: true }).show).toBe('none');
    expect(uiActionFor('betNotExists', { loggedIn: true }).show).toBe('notice');
    expect(uiActionFor('marketTypeChanged', { loggedIn: true })).toMatchObject({
      removeBetSlip: true,
      show: 'dialog',
    });
    expect(uiActionFor('betOverMax', { loggedIn: true })).toMatchObject({
      kind: 'dialog',
      show: 'dialog',
      logout: false,
    });
    expect(uiActionFor('duplicate_debit_record', { loggedIn: true }).show).toBe('toast');
    expect(uiActionFor('duplicate_debit_record', { loggedIn: true, callerWantsDialog: true }).show).toBe(
      'dialog',
    );
  });

  it('only session codes ever log out (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...ErrorCatalogue.map((e) => e.code)), fc.string()),
        fc.boolean(),
        fc.boolean(),
        (code, loggedIn, callerWantsDialog) => {
          const action = uiActionFor(code, { loggedIn, callerWantsDialog });
          expect(action.logout).toBe(describeError(code).group === 'session');
        },
      ),
      { numRuns: 300 },
    );
  });
});
