/** React access to the app's long-lived actors (STYLE.md: context from createActorContext). */
import { createActorContext } from '@xstate/react';
import { preferencesMachine } from '../features/account/preferencesMachine.ts';
import { sessionMachine } from '../features/account/sessionMachine.ts';

export const SessionContext = createActorContext(sessionMachine);
export const PreferencesContext = createActorContext(preferencesMachine);

/** The session's logged-in account, or null. */
export const useAccount = () => SessionContext.useSelector((s) => s.context.account);
export const useLayout = () => PreferencesContext.useSelector((s) => s.context.layout);
