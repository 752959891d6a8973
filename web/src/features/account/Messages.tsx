/**
 * Announcements and personal messages; listing the personal ones marks them read. The
 * announcements are the gateway's shared topic `list/announce/<language>` (issue 27: one upstream
 * poll for every player, a language switch a switch of topic); the personal ones a call with the
 * member's session when the page opens.
 */
import {
  type AnnounceListModel,
  announcementsOf,
  DefaultLanguage,
  formatGmt8,
  isLanguage,
  type MessageRow,
} from '@sportsbook/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import { useTopicView } from '../../shared/stream/react.tsx';
import { type ListOutcome, type Message, messageCalls, messageList } from './messagesApi.ts';

const calls = messageCalls(api);
/** Announcements shown: the newest, as the first page of `announcelist` was. */
const AnnouncementsShown = 10;

const announceTopic = (language: string) =>
  `list/announce/${isLanguage(language) ? language : DefaultLanguage}`;
const newestAnnouncements = (model: AnnounceListModel): Message[] | null => {
  const list = announcementsOf(model);
  return list ? messageList(list.items.slice(0, AnnouncementsShown) as MessageRow[]).items : null;
};

function List({ items, emptyKey }: { items: Message[] | null; emptyKey: string }) {
  const { t } = useTranslation();
  if (items === null) return <p role="status">{t('common.loading')}</p>;
  if (items.length === 0) return <p>{t(emptyKey)}</p>;
  return (
    <ul className="messages">
      {items.map((m) => (
        <li key={m.id}>
          <h3>{m.title}</h3>
          <time>{formatGmt8(m.time, 'yyyy-MM-dd HH:mm')}</time>
          <p>{m.content}</p>
        </li>
      ))}
    </ul>
  );
}

export default function Messages() {
  const { t, i18n } = useTranslation();
  // The upstream writes these texts: ask again in the new language when the member switches.
  const language = i18n.language;
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const outlet = useOutletContext<{ refreshMessages?: () => void } | undefined>();
  const refreshMessages = useRef(outlet?.refreshMessages);
  refreshMessages.current = outlet?.refreshMessages;
  const announcements = useTopicView<AnnounceListModel, Message[]>(
    announceTopic(language),
    newestAnnouncements,
  );
  const [personal, setPersonal] = useState<Message[] | null>(null);
  const accountId = account?.info.account_id;
  const token = account?.info.session_token;

  useEffect(() => {
    if (!accountId || !token) return;
    let live = true;
    const auth = { account_id: accountId, session_token: token };
    const take = (outcome: ListOutcome, set: (items: Message[]) => void) => {
      if (!live) return;
      if (outcome.ok) set(outcome.items);
      else {
        set([]);
        session.send({ type: 'error.report', code: outcome.code });
      }
    };
    void calls.personal(auth, language).then((o) => {
      take(o, setPersonal);
      refreshMessages.current?.();
    });
    return () => {
      live = false;
    };
  }, [accountId, token, session, language]);

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('info.message')}</h1>
      <h2>{t('messages.announcements')}</h2>
      <List items={announcements.error ? [] : announcements.model} emptyKey="messages.none" />
      <h2>{t('messages.personal')}</h2>
      <List items={personal} emptyKey="messages.none" />
    </section>
  );
}
