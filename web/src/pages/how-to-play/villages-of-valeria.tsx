import { t } from '../../i18n/i18n.js';
import { tNodes } from '../../i18n/use.js';
import { RICH } from './rich.js';

/** How to play Villages of Valeria, summarised from its rules of record (shared/rules/villages-of-valeria.md). */
export default function VillagesOfValeriaRules() {
  return (
    <>
      <p>{t('howto.villages.intro')}</p>
      <h2>{t('howto.setup')}</h2>
      <ul>
        <li>{t('howto.villages.setup-castle')}</li>
        <li>{t('howto.villages.setup-deal')}</li>
        <li>{t('howto.villages.setup-round')}</li>
      </ul>
      <h2>{t('howto.turn')}</h2>
      <p>{tNodes('howto.villages.turn', RICH)}</p>
      <div class="table-scroll">
        <table class="ranking">
          <caption class="muted">{t('howto.villages.actions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('howto.villages.action')}</th>
              <th scope="col">{t('howto.villages.lead')}</th>
              <th scope="col">{t('howto.villages.follow')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('howto.villages.harvest')}</th>
              <td>{t('howto.villages.harvest-lead')}</td>
              <td>{t('howto.villages.harvest-follow')}</td>
            </tr>
            <tr>
              <th scope="row">{t('howto.villages.develop')}</th>
              <td>{t('howto.villages.develop-lead')}</td>
              <td>{t('howto.villages.develop-follow')}</td>
            </tr>
            <tr>
              <th scope="row">{t('howto.villages.build')}</th>
              <td>{t('howto.villages.build-lead')}</td>
              <td>{t('howto.villages.build-follow')}</td>
            </tr>
            <tr>
              <th scope="row">{t('howto.villages.recruit')}</th>
              <td>{t('howto.villages.recruit-lead')}</td>
              <td>{t('howto.villages.recruit-follow')}</td>
            </tr>
            <tr>
              <th scope="row">{t('howto.villages.tax')}</th>
              <td>{t('howto.villages.tax-lead')}</td>
              <td>{t('howto.villages.tax-follow')}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>{t('howto.villages.costs')}</p>
      <h2>{t('howto.end-scoring')}</h2>
      <p>{t('howto.villages.end')}</p>
      <h2>{t('howto.villages.alone')}</h2>
      <p>{t('howto.villages.solo')}</p>
      <h2>{t('howto.here')}</h2>
      <ul>
        <li>{t('howto.villages.here-windows')}</li>
        <li>{t('howto.villages.here-orders')}</li>
        <li>{t('howto.villages.here-timeout')}</li>
      </ul>
    </>
  );
}
