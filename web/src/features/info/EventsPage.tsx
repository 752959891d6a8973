/**
 * /event: the operator's promotions from `eventlist`, in the language the page
 * shows (the upstream writes their texts; a language switch asks again). A list, running ones
 * first then coming up, each opening its detail (`?id=<event_id>`: the terms, the period and what
 * it is tied to, a league or a match with its kick-off), all times in GMT+8. One column on a phone.
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { fetchEvents, type PromoEvent } from './infoApi.ts';
import './info.css';

const Pattern = 'yyyy-MM-dd HH:mm';

function Period({ e }: { e: PromoEvent }) {
  const { t } = useTranslation();
  return (
    <p className="event-period" data-testid="event-period">
      {t('events.period', {
        start: formatGmt8(e.start, Pattern),
        end: e.end === null ? '' : formatGmt8(e.end, Pattern),
      })}
    </p>
  );
}

function Detail({ e }: { e: PromoEvent }) {
  const { t } = useTranslation();
  return (
    <article className="event-detail" data-event-id={e.id} aria-labelledby="event-title">
      <p>
        <Link to="/event">{t('events.back')}</Link>
      </p>
      <h2 id="event-title">{e.title}</h2>
      <p className="event-state">{t(e.running ? 'events.running' : 'events.upcoming')}</p>
      <Period e={e} />
      <p data-testid="event-content">{e.content}</p>
      {e.leagueName ? <p>{t('events.league', { league: e.leagueName })}</p> : null}
      {e.match ? (
        <p>
          {t('events.match', {
            match: e.match.name,
            time: e.match.kickoff === null ? '' : formatGmt8(e.match.kickoff, Pattern),
          })}
        </p>
      ) : null}
    </article>
  );
}

function EventList({ title, events }: { title: string; events: readonly PromoEvent[] }) {
  if (events.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      <ul className="events">
        {events.map((e) => (
          <li key={e.id} data-event-id={e.id}>
            <Link to={`/event?id=${e.id}`} className="event-link">
              <span className="event-title">{e.title}</span>
            </Link>
            <Period e={e} />
          </li>
        ))}
      </ul>
    </>
  );
}

export default function EventsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { auth, report } = useMember();
  const [events, setEvents] = useState<PromoEvent[] | null>(null);
  const [params] = useSearchParams();
  const chosen = Number(params.get('id'));

  useEffect(() => {
    if (!auth) return;
    let live = true;
    void fetchEvents(api, auth, language, Date.now()).then((r) => {
      if (!live) return;
      if (r.ok) setEvents(r.value);
      else {
        setEvents([]);
        report(r.error.code);
      }
    });
    return () => {
      live = false;
    };
  }, [auth, language, report]);

  const detail = events?.find((e) => e.id === chosen) ?? null;
  return (
    <section className="info-page events-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('events.title')}</h1>
      {events === null ? <p role="status">{t('common.loading')}</p> : null}
      {events !== null && events.length === 0 ? <p data-empty>{t('events.none')}</p> : null}
      {detail ? (
        <Detail e={detail} />
      ) : events ? (
        <>
          <EventList title={t('events.running')} events={events.filter((e) => e.running)} />
          <EventList title={t('events.upcoming')} events={events.filter((e) => !e.running)} />
        </>
      ) : null}
    </section>
  );
}
