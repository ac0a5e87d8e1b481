import { t } from '../../i18n/i18n.js';
import { tNodes } from '../../i18n/use.js';
import { RICH } from './rich.js';

/** How to play Village Pillage, summarised from its rules of record (shared/rules/village-pillage.md). */
export default function VillagePillageRules() {
  return (
    <>
      <p>{t('howto.pillage.intro')}</p>
      <h2>{t('howto.pillage.have')}</h2>
      <ul>
        <li>{tNodes('howto.pillage.cards', RICH)}</li>
        <li>{tNodes('howto.pillage.turnips', RICH)}</li>
        <li>{t('howto.pillage.market')}</li>
      </ul>
      <h2>{t('howto.pillage.round')}</h2>
      <ol>
        <li>{tNodes('howto.pillage.plan', RICH)}</li>
        <li>
          {tNodes('howto.pillage.resolve', RICH)}
          <ul>
            <li>{t('howto.pillage.gain')}</li>
            <li>{t('howto.pillage.steal')}</li>
            <li>{t('howto.pillage.buy')}</li>
            <li>{t('howto.pillage.exhaust')}</li>
          </ul>
        </li>
        <li>{tNodes('howto.pillage.refresh', RICH)}</li>
      </ol>
      <h2>{t('howto.pillage.end-title')}</h2>
      <p>{t('howto.pillage.end')}</p>
      <h2>{t('howto.here')}</h2>
      <ul>
        <li>{t('howto.pillage.here-plan')}</li>
        <li>{t('howto.pillage.here-choices')}</li>
        <li>{t('howto.pillage.here-banks')}</li>
      </ul>
    </>
  );
}
