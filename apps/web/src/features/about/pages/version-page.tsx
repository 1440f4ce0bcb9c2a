import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QuerySection } from '../../../ui/section/index.ts';
import { useReleases } from '../api/releases.ts';
import { ReleaseNotes } from '../components/release-notes.tsx';
import './about-pages.css';

/** /version: 版本信息, every release with what it brought; the newest is the version running. */
export default function VersionPage() {
  const releases = useReleases();
  return (
    <>
      <PageHeader title="版本信息" />
      <PullToRefresh onRefresh={() => releases.refetch()}>
        <main className="about-page">
          <QuerySection
            title="更新记录"
            query={releases}
            skeletonLines={6}
            isEmpty={(list) => list.length === 0}
            emptyText="暂无版本记录"
          >
            {(list) => (
              <div className="release-list">
                {list.map((release, index) => (
                  <ReleaseNotes key={release.version} release={release} current={index === 0} />
                ))}
              </div>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
