/** The main sportsbook page: the odds board and bet slip arrive with the next issue. */
import { ComingSoon } from '../components/ComingSoon.tsx';

export default function Desktop() {
  return <ComingSoon titleKey="nav.sports" />;
}
