/**
 * The create wizard's four step bodies: 1 type, virtual sports, fee, players and PIN; 2 the leagues
 * to pick from; 3 the matches (with a lookup by team or league, not for virtual sports); 4 what is
 * about to be created and the terms. The fields live in the wizard's flow (useCreateFlow.ts).
 */
import { TournamentLimits } from '@sportsbook/protocol';
import { gmt8 } from './rules.ts';
import type { RoomLeague, RoomMatch } from './types.ts';
import type { CreateFlow } from './useCreateFlow.ts';
import { useRoomsText } from './useRoomsText.ts';

export function RoomStep({ flow }: { flow: CreateFlow }) {
  const { t } = useRoomsText();
  const { type, virtual, rate, limit, pin } = flow.fields;
  return (
    <div className="wizard-body" data-tour="fee-seats">
      <fieldset>
        <legend>{t('room.type')}</legend>
        {([1, 2] as const).map((x) => (
          <label key={x} className="radio">
            <input type="radio" name="room_type" checked={type === x} onChange={() => flow.set.type(x)} />
            {t(`type.${x}`)}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          name="virtual"
          checked={virtual}
          onChange={(e) => flow.changeVirtual(e.target.checked)}
        />
        {t('create.virtual')}
      </label>
      <label>
        {t('create.fee', { min: TournamentLimits.minEntryFee, max: TournamentLimits.maxEntryFee })}
        <input name="rate" inputMode="numeric" value={rate} onChange={(e) => flow.set.rate(e.target.value)} />
      </label>
      <label>
        {t('create.players', { min: TournamentLimits.minPlayers, max: TournamentLimits.maxPlayers })}
        <input
          name="limit"
          inputMode="numeric"
          value={limit}
          onChange={(e) => flow.set.limit(e.target.value)}
        />
      </label>
      {type === 2 ? (
        <label data-tour="pin">
          {t('create.pin')}
          <input
            name="pin"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={pin}
            onChange={(e) => flow.set.pin(e.target.value.trim())}
          />
        </label>
      ) : null}
    </div>
  );
}

export function LeaguesStep({ flow, leagues }: { flow: CreateFlow; leagues: readonly RoomLeague[] }) {
  const { t } = useRoomsText();
  return (
    <div className="wizard-body pick-list">
      <p>{t('create.leaguesHint')}</p>
      {leagues.length === 0 ? <p className="empty">{t('create.noLeagues')}</p> : null}
      {leagues.map((l) => (
        <label key={l.league_id} className="check">
          <input
            type="checkbox"
            checked={flow.fields.leagueIds.includes(l.league_id)}
            onChange={() => flow.toggleLeague(l.league_id)}
          />
          {l.league_name} ({l.matches})
        </label>
      ))}
    </div>
  );
}

export function MatchesStep({ flow, matches }: { flow: CreateFlow; matches: readonly RoomMatch[] }) {
  const { t } = useRoomsText();
  const { virtual, keyword, matchIds } = flow.fields;
  return (
    <div className="wizard-body pick-list" data-tour="matches">
      {virtual ? null : (
        <label>
          {t('create.lookup')}
          <input type="search" value={keyword} onChange={(e) => flow.set.keyword(e.target.value)} />
        </label>
      )}
      <p>
        {t('create.matchesHint', {
          min: TournamentLimits.minMatches,
          max: TournamentLimits.defaultMaxMatches,
          count: matchIds.length,
        })}
      </p>
      {matches.length === 0 ? <p className="empty">{t('create.noMatches')}</p> : null}
      {matches.map((m) => (
        <label key={m.match_id} className="check" data-match={m.match_id}>
          <input
            type="checkbox"
            checked={matchIds.includes(m.match_id)}
            onChange={() => flow.toggleMatch(m.match_id)}
          />
          <span>
            {m.home} v {m.away}
            <small>
              {' '}
              {m.league_name} · {gmt8(m.kickoff)}
            </small>
          </span>
        </label>
      ))}
    </div>
  );
}

export function TermsStep({ flow }: { flow: CreateFlow }) {
  const { t } = useRoomsText();
  const { type, virtual, rate, limit, matchIds, terms } = flow.fields;
  return (
    <div className="wizard-body">
      <dl className="room-facts">
        <div>
          <dt>{t('room.type')}</dt>
          <dd>
            {t(`type.${type}`)}
            {virtual ? ` · ${t('create.virtual')}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('room.fee')}</dt>
          <dd>{rate}</dd>
        </div>
        <div>
          <dt>{t('room.seats')}</dt>
          <dd>{limit}</dd>
        </div>
        <div>
          <dt>{t('room.matches')}</dt>
          <dd>{matchIds.length}</dd>
        </div>
      </dl>
      <label className="terms">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(e) => flow.set.terms(e.target.checked)}
        />
        {t('create.terms')}
      </label>
    </div>
  );
}
