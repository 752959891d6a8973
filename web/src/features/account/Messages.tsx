/**
 * Announcements and personal messages, 10 a page with a pager; listing the
 * personal ones marks them read (the gateway then re-polls the account stream, so the header's
 * unread count in every window follows). The announcements are the gateway's shared topic
 * `list/announce/<language>` (one upstream poll for every player, a language switch a
 * switch of topic), which holds the newest 100: pages past them are asked with `announcelist`'s
 * paging; the personal ones a call with the member's session per page.
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
import {
  type ListOutcome,
  type Message,
  messageCalls,
  messageList,
  pageCount,
  topicPage,
} from './messagesApi.ts';

const calls = messageCalls(api);

const announceTopic = (language: string) =>
  `list/announce/${isLanguage(language) ? language : DefaultLanguage}`;
const topicAnnouncements = (model: AnnounceListModel): { items: Message[]; total: number } | null => {
  const list = announcementsOf(model);
  return list ? { items: messageList(list.items as MessageRow[]).items, total: list.total } : null;
};

function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav
      className="pager"
      aria-label={label}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
    >
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('messages.previous')}
      </button>
      <span aria-live="polite">{t('messages.page', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('messages.next')}
      </button>
    </nav>
  );
}

function List({ items, emptyKey, testId }: { items: Message[] | null; emptyKey: string; testId: string }) {
  const { t } = useTranslation();
  if (items === null) return <p role="status">{t('common.loading')}</p>;
  if (items.length === 0) return <p>{t(emptyKey)}</p>;
  return (
    <ul className="messages" data-testid={testId}>
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
  const announcements = useTopicView<AnnounceListModel, { items: Message[]; total: number }>(
    announceTopic(language),
    topicAnnouncements,
  );
  const [announcePage, setAnnouncePage] = useState(1);
  const [personalPage, setPersonalPage] = useState(1);
  const [personal, setPersonal] = useState<{ items: Message[]; total: number } | null>(null);
  // A page of announcements past the topic's newest, asked with the paging of announcelist.
  const [asked, setAsked] = useState<{ page: number; items: Message[] } | null>(null);
  const accountId = account?.info.account_id;
  const token = account?.info.session_token;
  const topic = announcements.error ? { items: [], total: 0 } : announcements.model;
  const fromTopic = topic ? topicPage(topic.items, topic.total, announcePage) : null;
  const needsCall = topic !== null && fromTopic === null;

  useEffect(() => {
    if (!accountId || !token) return;
    let live = true;
    const auth = { account_id: accountId, session_token: token };
    void calls.personal(auth, language, personalPage).then((outcome: ListOutcome) => {
      if (!live) return;
      if (outcome.ok) setPersonal(outcome.value);
      else {
        setPersonal({ items: [], total: 0 });
        session.send({ type: 'error.report', code: outcome.error.code });
      }
      refreshMessages.current?.();
    });
    return () => {
      live = false;
    };
  }, [accountId, token, session, language, personalPage]);

  useEffect(() => {
    if (!accountId || !token || !needsCall) return;
    let live = true;
    const auth = { account_id: accountId, session_token: token };
    void calls.announcements(auth, language, announcePage).then((outcome) => {
      if (!live) return;
      setAsked({ page: announcePage, items: outcome.ok ? outcome.value.items : [] });
      if (!outcome.ok) session.send({ type: 'error.report', code: outcome.error.code });
    });
    return () => {
      live = false;
    };
  }, [accountId, token, session, language, announcePage, needsCall]);

  const announceItems = fromTopic ?? (asked?.page === announcePage ? asked.items : null);

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('info.message')}</h1>
      <h2 id="announcements">{t('messages.announcements')}</h2>
      <List items={announceItems} emptyKey="messages.none" testId="announcements" />
      <Pager
        page={announcePage}
        pages={pageCount(topic?.total ?? 0)}
        onPage={setAnnouncePage}
        label={t('messages.announcements')}
      />
      <h2 id="personal">{t('messages.personal')}</h2>
      <List items={personal?.items ?? null} emptyKey="messages.none" testId="personal" />
      <Pager
        page={personalPage}
        pages={pageCount(personal?.total ?? 0)}
        onPage={setPersonalPage}
        label={t('messages.personal')}
      />
    </section>
  );
}
