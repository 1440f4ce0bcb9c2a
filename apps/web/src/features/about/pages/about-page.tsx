import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { brandName } from '../../../platform/brand.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { type AboutInfo, useAboutInfo } from '../api/about-info.ts';
import { useReleases } from '../api/releases.ts';
import './about-pages.css';

/** /about: 关于我们, what the app is, how to reach the people behind it, and the risk notice. */
export default function AboutPage() {
  const info = useAboutInfo();
  const releases = useReleases();
  const version = releases.data?.[0]?.version;
  const refresh = () => Promise.all([info.refetch(), releases.refetch()]);

  return (
    <>
      <PageHeader title="关于我们" />
      <PullToRefresh onRefresh={refresh}>
        <main className="about-page">
          <header className="about-brand">
            <img className="about-brand__logo" src="/favicon.svg" alt="" width={64} height={64} />
            <h2 className="about-brand__name">{brandName()}</h2>
            <p className="about-brand__version">{version ? `版本 ${version}` : '\u00a0'}</p>
          </header>
          <QueryStates query={info} skeletonLines={6} errorText="关于我们加载失败">
            {(about) => <AboutDetails about={about} version={version} />}
          </QueryStates>
        </main>
      </PullToRefresh>
    </>
  );
}

function AboutDetails({ about, version }: { about: AboutInfo; version: string | undefined }) {
  return (
    <>
      <p className="about-description">{about.description}</p>
      <ul className="about-list" aria-label="服务与联系">
        <li>
          <Link className="about-list__item about-list__item--link" to={href('version')}>
            <span>版本信息</span>
            <span className="about-list__value">{version ? `v${version}` : ''}</span>
          </Link>
        </li>
        {about.email ? (
          <ContactLink label="客服邮箱" value={about.email} to={`mailto:${about.email}`} />
        ) : null}
        {about.hotline ? (
          <ContactLink label="客服电话" value={about.hotline} to={`tel:${about.hotline}`} />
        ) : null}
        {about.serviceHours ? (
          <li className="about-list__item">
            <span>服务时间</span>
            <span className="about-list__value">{about.serviceHours}</span>
          </li>
        ) : null}
      </ul>
      <Section title="风险提示">
        <p className="about-disclaimer">{about.disclaimer}</p>
      </Section>
      <footer className="about-footer">
        {about.icp ? <p>{about.icp}</p> : null}
        <p>
          © {new Date().getFullYear()} {brandName()}
        </p>
      </footer>
    </>
  );
}

/** A contact the phone opens in its own app: mail for mailto:, the dialler for tel:. */
function ContactLink({ label, value, to }: { label: string; value: string; to: string }) {
  return (
    <li>
      <a className="about-list__item about-list__item--link" href={to}>
        <span>{label}</span>
        <span className="about-list__value">{value}</span>
      </a>
    </li>
  );
}
