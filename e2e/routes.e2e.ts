import { href, pathOf, type RouteEntry, routeTable } from '@zhicai/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInClient } from './support/api-client.ts';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { samplePaths, sampleSubjects, sampleUrl } from './support/routes.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;
const loginEntry = routeTable.find((entry) => entry.name === 'bindphone') as RouteEntry;

beforeAll(async () => {
  context = await mobile.newContext();
});

interface Visit {
  url: string;
  entry: RouteEntry;
  errors: string[];
  titleShown: boolean;
  underConstruction: boolean;
}

async function visit(page: Page, url: string, entry: RouteEntry): Promise<Visit> {
  const errors = watchErrors(page);
  await page.goto(url);
  // The home page shows the brand as its heading, a detail page its instrument, every other page
  // its table title.
  const name = entry.path === '/' ? '知财' : (sampleSubjects[entry.name]?.heading ?? entry.title);
  // A page that needs a user sends a visitor to the login page (its calls answer 004), which then
  // leads back to it: that login page is the route working as it should.
  const heading = page
    .getByRole('heading', { level: 1, name, exact: true })
    .or(page.getByRole('heading', { level: 1, name: entry.title, exact: true }))
    .or(page.getByRole('heading', { level: 1, name: loginEntry.title, exact: true }))
    .first();
  // Four tabs load pages at once beside the server on a small CI machine: allow 20 s.
  const headingShown = await heading
    .waitFor({ state: 'visible', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  const landed = new URL(page.url());
  const sentToLogin = entry !== loginEntry && landed.pathname === loginEntry.path;
  const titleShown =
    headingShown &&
    (!sentToLogin || (landed.searchParams.get('redirect') ?? '').startsWith(new URL(url, baseUrl).pathname));
  // Let late requests (menus, popup check, images) finish so their errors are counted too.
  await page.waitForLoadState('networkidle');
  const underConstruction = (await page.getByText('页面暂未开放', { exact: true }).count()) > 0;
  page.removeAllListeners('console');
  page.removeAllListeners('pageerror');
  return { url, entry, errors, titleShown, underConstruction };
}

/** Every path and alias of the table, visited by a few tabs in parallel. */
async function visitAll(): Promise<Visit[]> {
  const queue = routeTable.flatMap((entry) =>
    [entry.path, ...entry.aliases].map((path) => ({ url: sampleUrl(path, entry), entry })),
  );
  const visits: Visit[] = [];
  const worker = async () => {
    const page = await context.newPage();
    for (let next = queue.shift(); next; next = queue.shift())
      visits.push(await visit(page, next.url, next.entry));
    await page.close();
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return visits;
}

describe('route table in the browser', () => {
  let visits: Visit[];

  beforeAll(async () => {
    // A comment to open /column-article-detail on: comments are made by users, never seeded.
    const author = await signedInClient(baseUrl, inject('dataDir'), '13700001234');
    const posted = await author.post<{ id: number }>('/api/v3/generalComment/comment', {
      threadKey: 'article:1',
      content: '路由巡检的评论',
    });
    samplePaths[pathOf('column-article-detail')] = href('column-article-detail', {
      articleId: '1',
      commId: String(posted.id),
    });
    visits = await visitAll();
  }, 600_000);

  it('visits every path and alias of the contract route table', () => {
    const expected = routeTable.reduce((count, entry) => count + 1 + entry.aliases.length, 0);
    expect(visits).toHaveLength(expected);
  });

  it('renders every route with its title visible', () => {
    expect(visits.filter((v) => !v.titleShown).map((v) => v.url)).toEqual([]);
  });

  it('renders every route without a console error or page error', () => {
    expect(visits.filter((v) => v.errors.length > 0).map((v) => `${v.url}: ${v.errors.join(' | ')}`)).toEqual(
      [],
    );
  });

  it('builds exactly the routes the table marks as built', () => {
    const builtInBrowser = new Set(visits.filter((v) => !v.underConstruction).map((v) => v.entry.name));
    const builtInTable = routeTable.filter((entry) => entry.built).map((entry) => entry.name);
    expect([...builtInBrowser].sort()).toEqual([...builtInTable].sort());
    expect(builtInBrowser.size).toBe(builtInTable.length);
  });
});
