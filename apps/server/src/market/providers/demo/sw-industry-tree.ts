/**
 * The Shenwan (申万) SW2021 industry tree of the demo market, read from sw-industries.json: all 31
 * level-1 industries and the level-2 and level-3 industries under them that the demo uses. Codes carry
 * the `.ZSI` suffix the app uses for every SW index. The file says which rows were checked against a
 * published SW2021 listing (`verified`); the codes of the others may be placeholders, and
 * `uncertainSwCodes` lists them.
 *
 * The table's shape is checked by the tests (parseSwIndustryTable on the bundled file), and its tree
 * (parents before children, known stocks in a level 3) also when this module loads, so a broken edit
 * of the file fails the tests instead of misclassifying stocks.
 */
import { z } from 'zod';
import { hashString, mulberry32, pick } from './prng.ts';
import table from './sw-industries.json' with { type: 'json' };

export interface SwIndustryNode {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  /** The level-1 or level-2 code above this one; null for level 1. */
  parent: string | null;
  /** Code and name checked against a published SW2021 listing (see sw-industries.json). */
  verified: boolean;
}

/**
 * The file's shape. Checked by parseSwIndustryTable, which the tests run on the bundled file; a
 * start reads the file as checked (issue 15 item 8: a restart answers within 1 s, and the zod checks
 * of the bundled tables cost tens of milliseconds of it), so the schema is built only when asked.
 */
function swIndustryFile() {
  const swCode = z.string().regex(/^8\d{5}$/, 'a six-digit SW index code');
  return z.object({
    about: z.array(z.string()),
    industries: z.array(
      z.strictObject({
        code: swCode,
        name: z.string().min(1),
        level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        parent: swCode.nullable(),
        verified: z.boolean(),
      }),
    ),
    knownStocks: z.record(z.string().regex(/^\d{6}\.(SH|SZ)$/, 'an A-share code'), swCode),
  });
}

type SwIndustryFile = z.infer<ReturnType<typeof swIndustryFile>>;

export interface SwIndustryTable {
  /** Every node of levels 1–3 in file order: parents before children, each level 2 before its level 3. */
  nodes: SwIndustryNode[];
  /** Well-known A-shares and their level-3 code. */
  knownLevel3: Map<string, string>;
}

const zsi = (code: string) => `${code}.ZSI`;

/**
 * Parses and checks the industry file: well-formed rows, unique codes, level 1 at the root, every
 * level 2 under a level 1 and every level 3 under a level 2 listed before it, and known stocks in a
 * level 3 of the table. Throws with every problem found.
 */
export function parseSwIndustryTable(raw: unknown): SwIndustryTable {
  return swIndustryTableOf(swIndustryFile().parse(raw));
}

/** The table of a well-formed file, with the checks that span rows (cheap: they run at every start). */
function swIndustryTableOf(file: SwIndustryFile): SwIndustryTable {
  const problems: string[] = [];
  const nodes = new Map<string, SwIndustryNode>();
  for (const row of file.industries) {
    const code = zsi(row.code);
    const parent = row.parent === null ? null : zsi(row.parent);
    if (nodes.has(code)) problems.push(`${row.code} is listed twice`);
    const parentLevel = parent === null ? 0 : nodes.get(parent)?.level;
    if (parentLevel !== row.level - 1)
      problems.push(
        row.level === 1
          ? `${row.code} is level 1 but has a parent`
          : `${row.code} (level ${row.level}) is not under a level-${row.level - 1} row listed before it`,
      );
    nodes.set(code, { code, name: row.name, level: row.level, parent, verified: row.verified });
  }
  const knownLevel3 = new Map<string, string>();
  for (const [stock, level3] of Object.entries(file.knownStocks)) {
    if (nodes.get(zsi(level3))?.level !== 3)
      problems.push(`${stock}: ${level3} is not a level 3 of the table`);
    knownLevel3.set(stock, zsi(level3));
  }
  if (problems.length > 0) throw new Error(`sw-industries.json: ${problems.join('; ')}`);
  return { nodes: [...nodes.values()], knownLevel3 };
}

// The bundled file, well-formed as its test checks (parseSwIndustryTable).
const { nodes: allNodes, knownLevel3 } = swIndustryTableOf(table as SwIndustryFile);

/** The 31 level-1 industries, in file order. */
export const swLevel1Nodes: readonly SwIndustryNode[] = allNodes.filter((node) => node.level === 1);

/** Every level-2 and level-3 node, parents before children, in table order. */
export const swSubIndustries: readonly SwIndustryNode[] = allNodes.filter((node) => node.level !== 1);

/** The codes (with suffix) that are placeholders, not checked against a published SW2021 listing. */
export const uncertainSwCodes: readonly string[] = allNodes
  .filter((node) => !node.verified)
  .map((node) => node.code);

const nodes = new Map(allNodes.map((node) => [node.code, node]));

/** A node of levels 1–3 by its code (`801125.ZSI`). */
export function swIndustryNode(code: string): SwIndustryNode | undefined {
  return nodes.get(code.toUpperCase());
}

const childrenOf = new Map<string, SwIndustryNode[]>();
for (const node of swSubIndustries) {
  if (node.parent) childrenOf.set(node.parent, [...(childrenOf.get(node.parent) ?? []), node]);
}

/** The direct children of a level-1 or level-2 code, in table order. */
export function swChildren(code: string): SwIndustryNode[] {
  // A copy, so a caller may sort or change the list without touching the tree. Looked up rather
  // than filtered: the full universe classifies 5,000 stocks.
  return [...(childrenOf.get(code) ?? [])];
}

/** A stock's place in the tree: its level-1, level-2 and level-3 codes. */
export interface SwClassification {
  level1: string;
  level2: string;
  level3: string;
}

/**
 * The level-2 and level-3 industries of an A-share within its level-1 industry: the real ones for
 * the well-known stocks, otherwise a pick seeded by a hash of the code alone. That stream is its
 * own, so classifying never moves a draw of the catalogue or price generators, and the same code
 * always lands in the same place whatever the demo seed.
 */
export function classifySwIndustry(code: string, level1: string): SwClassification | null {
  const level2Options = swChildren(level1);
  if (level2Options.length === 0) return null;
  const known = knownLevel3.get(code);
  const knownNode = known ? nodes.get(known) : undefined;
  const knownParent = knownNode?.parent ? nodes.get(knownNode.parent) : undefined;
  if (knownNode && knownParent?.parent === level1)
    return { level1, level2: knownParent.code, level3: knownNode.code };
  const random = mulberry32(hashString(`sw2021|${code}`));
  // The first level 2 of each industry is its largest, so it takes about half the members.
  const level2 = random() < 0.5 ? level2Options[0] : pick(random, level2Options);
  if (!level2) return null;
  const level3 = pick(random, swChildren(level2.code));
  return { level1, level2: level2.code, level3: level3.code };
}
