import type { CommunityRepository } from './community.repository.ts';

/** The author of the demo questions and answers; the pages mark them 演示数据. */
export const DEMO_AUTHOR = '知财小助手';

interface DemoQuestion {
  topic: 'dividend' | 'valuation' | 'beginner' | 'fund';
  code: string | null;
  /** `{name}` is replaced by the instrument's name in the market. */
  title: string;
  content: string;
  answers: readonly string[];
}

/**
 * Questions about rules, not figures: nothing here states a price, a ratio or a date that another
 * screen could contradict; where an instrument is named, its name comes from the market.
 */
const demoQuestions: readonly DemoQuestion[] = [
  {
    topic: 'dividend',
    code: '600519.SH',
    title: '{name}的分红什么时候到账？',
    content: '看到公司发了分红预案，想知道要持有到哪天才能拿到，钱什么时候到账户。',
    answers: [
      '以公告的股权登记日为准：登记日收盘时持有就能参与分红，现金红利在派息日到账，除权除息日当天的开盘参考价会相应下调。具体日期看个股页的公告。',
    ],
  },
  {
    topic: 'dividend',
    code: null,
    title: '持股不满一个月，分红要交多少税？',
    content: '听说红利税和持股时间有关，具体怎么算？',
    answers: [
      '按差别化红利税：持股 1 个月以内（含）的，股息全额计入应纳税所得额，实际税负 20%；1 个月以上至 1 年（含）的，税负 10%；超过 1 年的暂免征收。税款在卖出时由券商扣收。',
    ],
  },
  {
    topic: 'valuation',
    code: '000001.SZ',
    title: '{name}这样的银行股，看市盈率还是市净率？',
    content: '银行股市盈率都很低，是不是都被低估了？',
    answers: [
      '银行的资产以金融资产为主，账面价值比较可靠，常用市净率（PB）衡量；同时要看不良率、拨备覆盖率和净息差，低市盈率也可能反映资产质量的担忧。',
      '可以在个股页看估值在历史上所处的分位，和自己比、和同行比，比只看一个数字更有意义。',
    ],
  },
  {
    topic: 'valuation',
    code: '300750.SZ',
    title: '成长股{name}的市盈率为什么常年偏高？',
    content: '和传统行业比，它的估值看起来很贵。',
    answers: [
      '市盈率反映的是市场对未来利润增长的预期，成长股的利润增速高，估值往往也高。可以结合 PEG（市盈率除以利润增速）和财报里的营收、利润增速一起看。',
    ],
  },
  {
    topic: 'beginner',
    code: null,
    title: '各个板块的涨跌停幅度一样吗？',
    content: '为什么有的股票一天能涨 20%？',
    answers: [
      '不一样：沪深主板 10%，主板风险警示（ST）股 5%，创业板和科创板 20%，北交所 30%；新股上市初期另有规定。',
    ],
  },
  {
    topic: 'beginner',
    code: null,
    title: 'T+1 是什么意思？',
    content: '今天买的股票今天能卖吗？',
    answers: [
      'A 股实行 T+1：当天买入的股票下一个交易日才能卖出；卖出股票所得资金当天即可再买入，下一个交易日才能转出。',
    ],
  },
  {
    topic: 'fund',
    code: null,
    title: '基金定投选周投还是月投？',
    content: '每月工资到账后投一次，还是每周投一点更好？',
    answers: [
      '长期看周定投与月定投的结果差别不大，更重要的是坚持和选对品种。按自己的现金流设定扣款日，宽基指数基金是常见的选择。',
    ],
  },
  {
    topic: 'fund',
    code: null,
    title: '定投什么时候止盈？',
    content: '定投赚了一些，要不要卖？',
    answers: [
      '常见做法是设定目标收益率，达到后分批赎回；也可以参考指数估值，高估时逐步止盈、低估时继续定投。',
    ],
  },
];

/**
 * Fills the questions table with the demo questions when it is empty, so /articles_AllQuestion and
 * /projectD have content on a fresh install; an operator's own questions are never touched.
 */
export async function seedDemoQuestions(
  repository: CommunityRepository,
  instrumentName: (code: string) => string | null,
  at: Date,
): Promise<void> {
  if (await repository.hasQuestions()) return;
  let minute = demoQuestions.length;
  for (const demo of demoQuestions) {
    const name = demo.code ? instrumentName(demo.code) : null;
    // A question about an instrument the market does not hold is left out rather than made up.
    if (demo.code && !name) continue;
    const createdAt = new Date(at.getTime() - minute * 60 * 60_000).toISOString();
    minute -= 1;
    const question = await repository.insertQuestion({
      user_id: null,
      author_name: DEMO_AUTHOR,
      title: demo.title.replace('{name}', name ?? ''),
      content: demo.content,
      topic: demo.topic,
      code: demo.code,
      demo: 1,
      created_at: createdAt,
    });
    for (const content of demo.answers)
      await repository.insertAnswer({
        question_id: question.id,
        user_id: null,
        author_name: DEMO_AUTHOR,
        content,
        demo: 1,
        created_at: createdAt,
      });
  }
}
