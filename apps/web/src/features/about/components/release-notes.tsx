import type { Release } from '../api/releases.ts';

/** One release: its version and date, what it is called, and what it brought, one line each. */
export function ReleaseNotes({ release, current }: { release: Release; current: boolean }) {
  return (
    <article className="release" aria-label={`版本 ${release.version}`}>
      <header className="release__header">
        <h2 className="release__version">
          v{release.version}
          {current ? <span className="release__badge">当前版本</span> : null}
        </h2>
        <time className="release__date" dateTime={release.releasedOn}>
          {release.releasedOn}
        </time>
      </header>
      <p className="release__title">{release.title}</p>
      <ul className="release__notes">
        {release.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </article>
  );
}
