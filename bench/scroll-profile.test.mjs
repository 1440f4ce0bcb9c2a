// Which vsyncs of a scroll count against the page (scroll-profile.mjs judge), on traces built by
// hand from the events Chromium writes: a renderer main thread, its frame reports and its
// main-thread frames.
import { describe, expect, it } from 'vitest';
import { frameFigures, vsyncsOf } from './scroll-profile.mjs';

const pid = 7;
const rendererMain = { ph: 'M', name: 'thread_name', pid, tid: 1, args: { name: 'CrRendererMain' } };
const vsyncUs = 16_667;

/** A frame report of vsync `sequence` (at sequence × 16.7 ms) in `state`, with Chromium's flags. */
const report = (sequence, state, flags = {}) => ({
  name: 'PipelineReporter',
  ph: 'b',
  pid,
  ts: sequence * vsyncUs,
  args: { frame_reporter: { frame_sequence: sequence, state, ...flags } },
});

/** A main-thread frame from vsync `from` to `to`, its style and layout time as given. */
const mainFrame = (id, from, to, { style = 0, layout = 0 } = {}) => [
  {
    name: 'SendBeginMainFrameToCommit',
    ph: 'b',
    pid,
    id2: { local: id },
    ts: from * vsyncUs - 1,
    args: {
      send_begin_mainframe_to_commit_breakdown: {
        style_update_us: style,
        layout_update_us: layout,
        paint_us: 30_000,
      },
    },
  },
  { name: 'SendBeginMainFrameToCommit', ph: 'e', pid, id2: { local: id }, ts: to * vsyncUs + 1 },
];

/** Vsyncs 1–4 presented around the vsyncs under test (5, 6), then 7–10 presented. */
const around = (events) => [
  rendererMain,
  ...[1, 2, 3, 4, 7, 8, 9, 10].map((sequence) => report(sequence, 'STATE_PRESENTED_ALL')),
  ...events,
];

describe('the frames a scroll is judged by', () => {
  it('does not count vsyncs drawn ahead of a main-thread frame that only painted and committed the scroll', () => {
    const figures = frameFigures(
      vsyncsOf(
        around([
          ...mainFrame('0x1', 5, 6),
          report(5, 'STATE_PRESENTED_PARTIAL'),
          report(6, 'STATE_PRESENTED_PARTIAL'),
        ]),
      ),
    );
    expect(figures).toMatchObject({ late: 0, presented: 10, partial: 2, max: 1000 / 60 });
  });

  it('counts vsyncs that missed a main-thread frame changing the page, lengthening the frame after them', () => {
    const figures = frameFigures(
      vsyncsOf(
        around([
          ...mainFrame('0x1', 5, 6, { style: 2_000, layout: 9_000 }),
          report(5, 'STATE_PRESENTED_PARTIAL'),
          report(6, 'STATE_DROPPED'),
        ]),
      ),
    );
    expect(figures).toMatchObject({ late: 2, presented: 8 });
    expect(figures.max).toBeCloseTo(3 * (1000 / 60));
    // The frame they waited for, by stage: what the page spent it on.
    expect(figures.lateWork.frames).toBe(1);
    expect(Object.fromEntries(figures.lateWork.stages)).toMatchObject({ style: 2, layout: 9, paint: 30 });
  });

  it('judges a vsync drawn before the main-thread frame was sent by the frame that came next', () => {
    const paintOnly = frameFigures(
      vsyncsOf(
        around([
          ...mainFrame('0x1', 6, 6),
          report(5, 'STATE_PRESENTED_PARTIAL'),
          report(6, 'STATE_PRESENTED_ALL'),
        ]),
      ),
    );
    expect(paintOnly).toMatchObject({ late: 0, partial: 1 });
    const pageChange = frameFigures(
      vsyncsOf(
        around([
          ...mainFrame('0x1', 6, 6, { layout: 3_000 }),
          report(5, 'STATE_PRESENTED_PARTIAL'),
          report(6, 'STATE_PRESENTED_ALL'),
        ]),
      ),
    );
    expect(pageChange).toMatchObject({ late: 1, partial: 0 });
  });

  it('counts content the main thread had not recorded yet, whatever its frame held', () => {
    const vsyncs = vsyncsOf(
      around([
        ...mainFrame('0x1', 5, 6),
        report(5, 'STATE_PRESENTED_PARTIAL', {
          has_missing_content: true,
          checkerboarded_needs_record: true,
        }),
        report(6, 'STATE_PRESENTED_ALL'),
      ]),
    );
    expect(frameFigures(vsyncs)).toMatchObject({ late: 1 });
  });

  it('sets a compositor drop with no page update due apart, and ignores a drop while nothing moved', () => {
    const figures = frameFigures(
      vsyncsOf(
        around([
          report(5, 'STATE_DROPPED', { affects_smoothness: true }),
          report(6, 'STATE_DROPPED', { affects_smoothness: false }),
        ]),
      ),
    );
    expect(figures).toMatchObject({ late: 0, missed: 1, idle: 1, presented: 9 });
  });

  it('judges a vsync by the worst of its reports', () => {
    const vsyncs = vsyncsOf(
      around([
        ...mainFrame('0x1', 5, 5, { layout: 4_000 }),
        report(5, 'STATE_PRESENTED_ALL'),
        report(5, 'STATE_PRESENTED_PARTIAL'),
        report(6, 'STATE_NO_UPDATE_DESIRED'),
      ]),
    );
    expect(vsyncs.map((vsync) => vsync.state).slice(3, 7)).toEqual([
      'presented',
      'late',
      'idle',
      'presented',
    ]);
  });
});
