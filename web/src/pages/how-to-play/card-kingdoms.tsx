import { t } from '../../i18n/i18n.js';
import { tNodes } from '../../i18n/use.js';
import { RICH } from './rich.js';

/** How to play Valeria: Card Kingdoms, summarised from its rules of record (shared/rules/valeria-card-kingdoms.md). */
export default function CardKingdomsRules() {
  return (
    <>
      <p>{t('howto.kingdoms.intro')}</p>
      <h2>{t('howto.setup')}</h2>
      <ul>
        <li>{t('howto.kingdoms.setup-stacks')}</li>
        <li>{tNodes('howto.kingdoms.setup-start', RICH)}</li>
        <li>{t('howto.kingdoms.setup-first')}</li>
      </ul>
      <h2>{t('howto.turn')}</h2>
      <ol>
        <li>{tNodes('howto.kingdoms.roll', RICH)}</li>
        <li>{tNodes('howto.kingdoms.harvest', RICH)}</li>
        <li>
          {tNodes('howto.kingdoms.actions', RICH)}
          <ul>
            <li>{t('howto.kingdoms.slay')}</li>
            <li>{t('howto.kingdoms.recruit')}</li>
            <li>{t('howto.kingdoms.build')}</li>
            <li>{t('howto.kingdoms.take')}</li>
          </ul>
        </li>
        <li>{t('howto.kingdoms.pass')}</li>
      </ol>
      <h2>{t('howto.end-scoring')}</h2>
      <p>{t('howto.kingdoms.end')}</p>
      <h2>{t('howto.kingdoms.alone-five')}</h2>
      <p>{t('howto.kingdoms.solo')}</p>
      <h2>{t('howto.here')}</h2>
      <ul>
        <li>{t('howto.kingdoms.here-windows')}</li>
        <li>{t('howto.kingdoms.here-deadline')}</li>
        <li>{t('howto.kingdoms.here-thief')}</li>
      </ul>
    </>
  );
}
