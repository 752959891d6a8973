/**
 * A game lobby's controls: provider tabs (a provider in maintenance marked ⚠) and category tabs
 * when there is more than one, the view tabs (all, favourites, recently played) and the search.
 */
import { TabList } from '../../shared/components/TabList.tsx';
import { useGamesText } from './i18n/index.ts';
import type { LobbyView } from './library.ts';
import { providerName } from './lobbies.ts';
import type { LobbyFilters } from './useLobbyFlow.ts';
import type { LobbyGames } from './useLobbyGames.ts';

const Views: readonly LobbyView[] = ['all', 'favorites', 'recent'];

export function LobbyControls({
  data: { providers, categories, states },
  filters,
}: {
  data: LobbyGames;
  filters: LobbyFilters;
}) {
  const { t } = useGamesText();
  return (
    <>
      {providers.length > 1 && (
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.providers')}
          tabs={['all', ...providers]}
          current={filters.provider}
          onSelect={filters.setProvider}
          attr="data-provider"
          label={(id) =>
            id === 'all' ? (
              t('games.allProviders')
            ) : (
              <>
                {providerName(id)}
                {states[id]?.state === 'maintenance' && <span aria-hidden="true"> ⚠</span>}
              </>
            )
          }
        />
      )}
      {categories.length > 1 && (
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.categories')}
          tabs={['all', ...categories]}
          current={filters.category}
          onSelect={filters.setCategory}
          attr="data-category"
          label={(c) => t(`games.category.${c}`)}
        />
      )}
      <div className="game-tools">
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.views')}
          tabs={Views}
          current={filters.view}
          onSelect={filters.setView}
          attr="data-view"
          label={(v) => t(`games.view.${v}`)}
        />
        <input
          type="search"
          className="game-search"
          aria-label={t('games.search')}
          placeholder={t('games.searchPlaceholder')}
          value={filters.query}
          onChange={(e) => filters.setQuery(e.target.value)}
        />
      </div>
    </>
  );
}
