/** Base-host account calls: logins, profile, balance, settings, password, nickname, version. */
import type { BalanceRequest, LoginRequest, TokenLoginRequest } from '@sportsbook/protocol';
import { loginBlockCode } from '../domain/accounts.ts';
import type { Account } from '../domain/types.ts';
import { ok, reject } from '../reply.ts';
import type { Sim } from '../sim.ts';
import { balanceReply, memberProfile } from '../views.ts';
import { auth, type Handlers } from './handler.ts';
import { loginSignatureValid } from './signing.ts';

export const SimVersion = '1.0.0';

function startSession(sim: Sim, account: Account, revokeOthers: boolean) {
  const code = loginBlockCode(account);
  if (code) reject(code);
  if (account.role !== 'member') reject('NoUserAccessRight');
  const session = sim.sessions.create(account.id);
  if (revokeOthers) sim.sessions.revokeAccount(account.id, session.token);
  const updated = sim.accounts.update(
    account,
    { previousLoginAt: account.lastLoginAt, lastLoginAt: sim.world.now(), retrieveProfile: false },
    false,
  );
  return ok({ member_profile: memberProfile(updated, session.token, sim.wallet) });
}

/** `ip` is the client's address (CallContext.ip: X-Forwarded-For from a trusted proxy, else the peer). */
function passwordLogin(sim: Sim, body: LoginRequest, ip: string, revokeOthers: boolean) {
  const key = sim.options.loginSigningKey;
  if (key !== undefined && !loginSignatureValid(body, key)) reject('loginFailed');
  sim.sessions.assertLoginAllowed(body.account_id, ip);
  const account = sim.accounts.find(body.account_id);
  if (!account) {
    sim.sessions.loginFailed(body.account_id, ip);
    // Switching to a login id that does not exist: login_id_not_exists (a session code: the failed
    // switch logs the player out, SPEC section 4); a first login: account_not_exists.
    reject(revokeOthers ? 'login_id_not_exists' : 'account_not_exists');
  }
  if (!sim.accounts.checkPassword(account, body.password)) {
    sim.sessions.loginFailed(body.account_id, ip);
    reject('invalid_password');
  }
  sim.sessions.loginSucceeded(body.account_id, ip);
  return startSession(sim, account, revokeOthers);
}

export const accountHandlers: Handlers = {
  authlogin: ({ sim, body, ip }) => passwordLogin(sim, body as LoginRequest, ip, false),
  userlogin: ({ sim, body, ip }) => passwordLogin(sim, body as LoginRequest, ip, false),
  // Switch account: the new login ends the account's other sessions.
  switchlogin: ({ sim, body, ip }) => passwordLogin(sim, body as LoginRequest, ip, true),
  securelogin: ({ sim, body }) => {
    const accountId = sim.sessions.useLaunchToken((body as TokenLoginRequest).token);
    return startSession(sim, sim.accounts.get(accountId), false);
  },
  // A profile read has no side effect: the gateway also reads it to check sessions, and must not
  // swallow the retrieve_profile signal meant for the player's client.
  userprofile: (ctx) => {
    const { account, token } = auth(ctx);
    return ok({ member_profile: memberProfile(account, token, ctx.sim.wallet) });
  },
  userbalance: (ctx) => balance(ctx.sim, ctx.body, auth(ctx).account, 1),
  vuserbalance: (ctx) => balance(ctx.sim, ctx.body, auth(ctx).account, 2),
  usersettings: (ctx) => {
    const { account } = auth(ctx);
    const updated = ctx.sim.accounts.saveSettings(account, ctx.body);
    return ok({ settings: updated.settings });
  },
  changepassword: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    ctx.sim.accounts.changePassword(
      account,
      body.old_password,
      body.new_password,
      body.confirm_password,
      ctx.sim.world.now(),
    );
    return ok();
  },
  addsecondary: (ctx) => {
    const { account } = auth(ctx);
    ctx.sim.accounts.setNickname(account, ctx.body.nickname);
    return ok();
  },
  version: (ctx) => ok({ version: SimVersion, maintenance: ctx.sim.siteMaintenance }),
};

/** userbalance for operator_type 1, vuserbalance for operator_type 2 (SPEC section 7). */
function balance(sim: Sim, body: BalanceRequest, account: Account, operatorType: 1 | 2) {
  if (account.operatorType !== operatorType) reject('permission_denied');
  if (String(body.parent_id) !== String(account.parentId ?? '')) reject('permission_denied');
  const reply = balanceReply(account, sim.wallet);
  // retrieve_profile is a one-shot signal: once a balance reply has told the client, it is cleared.
  if (account.retrieveProfile) sim.accounts.update(account, { retrieveProfile: false }, false);
  return ok(reply);
}
