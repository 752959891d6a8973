/** /tournament2/tutorial: how rooms work, the ten steps of the tour as a page, and a replay button. */
import { useNavigate } from 'react-router';
import { TourReplay } from './Tour.tsx';
import { TourSteps } from './tour.ts';
import './rooms.css';
import { useRoomsText } from './useRoomsText.ts';

export default function TutorialPage() {
  const { t } = useRoomsText();
  const navigate = useNavigate();
  return (
    <div className="rooms-page tutorial">
      <h1>{t('tutorial.title')}</h1>
      <p>{t('tutorial.intro')}</p>
      <ol className="tutorial-steps">
        {TourSteps.map((name) => (
          <li key={name}>
            <h2>{t(`tour.${name}.title`)}</h2>
            <p>{t(`tour.${name}.text`)}</p>
          </li>
        ))}
      </ol>
      <div className="buttons">
        <TourReplay onReplay={() => navigate('/tournament2/home')} />
        <button type="button" onClick={() => navigate('/tournament2/home')}>
          {t('room.backToLobby')}
        </button>
      </div>
    </div>
  );
}
