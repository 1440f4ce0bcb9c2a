/**
 * Real codes and names of well-known instruments. They stay fixed whatever the demo seed is, so search
 * (gzmt → 贵州茅台), tests and screenshots can rely on them. The companies behind the stocks (full
 * name, region, business, share counts, price level) are in well-known-companies.json; every other
 * figure is generated.
 */
import type { InstrumentType } from '@zhicai/domain';

export interface WellKnownInstrument {
  code: string;
  name: string;
  type: InstrumentType;
  /** SW level-1 industry code, for A-shares only. */
  industry?: string;
  /** YYYY-MM-DD; generated from the code when absent. */
  listingDate?: string;
}

type StockRow = readonly [code: string, name: string, industry: string, listingDate?: string];

// A-shares: the ten the issue names first, then familiar names from every board and industry. Listing
// dates are the real ones (the listing of the code, a shell company's for a backdoor listing). The few
// without one listed after 2021-11-15, which the five-year demo history does not allow, or were not
// checked; they get a generated date.
const aShareRows: readonly StockRow[] = [
  ['600519.SH', '贵州茅台', '801120.ZSI', '2001-08-27'],
  ['000001.SZ', '平安银行', '801780.ZSI', '1991-04-03'],
  ['601318.SH', '中国平安', '801790.ZSI', '2007-03-01'],
  ['600036.SH', '招商银行', '801780.ZSI', '2002-04-09'],
  ['300750.SZ', '宁德时代', '801730.ZSI', '2018-06-11'],
  ['002594.SZ', '比亚迪', '801880.ZSI', '2011-06-30'],
  ['688981.SH', '中芯国际', '801080.ZSI', '2020-07-16'],
  ['000858.SZ', '五粮液', '801120.ZSI', '1998-04-27'],
  ['601398.SH', '工商银行', '801780.ZSI', '2006-10-27'],
  ['600030.SH', '中信证券', '801790.ZSI', '2003-01-06'],
  ['600000.SH', '浦发银行', '801780.ZSI', '1999-11-10'],
  ['601988.SH', '中国银行', '801780.ZSI', '2006-07-05'],
  ['601288.SH', '农业银行', '801780.ZSI', '2010-07-15'],
  ['600900.SH', '长江电力', '801160.ZSI', '2003-11-18'],
  ['601012.SH', '隆基绿能', '801730.ZSI', '2012-04-11'],
  ['600276.SH', '恒瑞医药', '801150.ZSI', '2000-10-18'],
  ['000333.SZ', '美的集团', '801110.ZSI', '2013-09-18'],
  ['000651.SZ', '格力电器', '801110.ZSI', '1996-11-18'],
  ['600690.SH', '海尔智家', '801110.ZSI', '1993-11-19'],
  ['002415.SZ', '海康威视', '801080.ZSI', '2010-05-20'],
  ['002475.SZ', '立讯精密', '801080.ZSI', '2010-09-15'],
  ['000725.SZ', '京东方A', '801080.ZSI', '2001-01-12'],
  ['600887.SH', '伊利股份', '801120.ZSI', '1996-03-12'],
  ['603288.SH', '海天味业', '801120.ZSI', '2014-02-11'],
  ['600809.SH', '山西汾酒', '801120.ZSI', '1994-01-06'],
  ['605499.SH', '东鹏饮料', '801120.ZSI', '2021-05-27'],
  ['601888.SH', '中国中免', '801200.ZSI', '2009-10-15'],
  ['601933.SH', '永辉超市', '801200.ZSI', '2010-12-15'],
  ['600309.SH', '万华化学', '801030.ZSI', '2001-01-05'],
  ['601899.SH', '紫金矿业', '801050.ZSI', '2008-04-25'],
  ['600019.SH', '宝钢股份', '801040.ZSI', '2000-12-12'],
  ['600028.SH', '中国石化', '801960.ZSI', '2001-08-08'],
  ['601857.SH', '中国石油', '801960.ZSI', '2007-11-05'],
  ['600346.SH', '恒力石化', '801960.ZSI', '2001-08-20'],
  ['601088.SH', '中国神华', '801950.ZSI', '2007-10-09'],
  ['601225.SH', '陕西煤业', '801950.ZSI', '2014-01-28'],
  ['600048.SH', '保利发展', '801180.ZSI', '2006-07-31'],
  ['000002.SZ', '万科A', '801180.ZSI', '1991-01-29'],
  ['001979.SZ', '招商蛇口', '801180.ZSI', '2015-12-30'],
  ['601668.SH', '中国建筑', '801720.ZSI', '2009-07-29'],
  ['600585.SH', '海螺水泥', '801710.ZSI', '2002-02-07'],
  ['600031.SH', '三一重工', '801890.ZSI', '2003-07-03'],
  ['601766.SH', '中国中车', '801890.ZSI', '2008-08-18'],
  ['000338.SZ', '潍柴动力', '801880.ZSI', '2007-04-30'],
  ['601633.SH', '长城汽车', '801880.ZSI', '2011-09-28'],
  ['600104.SH', '上汽集团', '801880.ZSI', '1997-11-25'],
  ['000625.SZ', '长安汽车', '801880.ZSI', '1997-06-10'],
  ['600050.SH', '中国联通', '801770.ZSI', '2002-10-09'],
  ['600941.SH', '中国移动', '801770.ZSI'],
  ['000063.SZ', '中兴通讯', '801770.ZSI', '1997-11-18'],
  ['002230.SZ', '科大讯飞', '801750.ZSI', '2008-05-12'],
  ['600588.SH', '用友网络', '801750.ZSI', '2001-05-18'],
  ['688111.SH', '金山办公', '801750.ZSI', '2019-11-18'],
  ['688041.SH', '海光信息', '801080.ZSI'],
  ['688012.SH', '中微公司', '801080.ZSI', '2019-07-22'],
  ['603986.SH', '兆易创新', '801080.ZSI', '2016-08-18'],
  ['300059.SZ', '东方财富', '801790.ZSI', '2010-03-19'],
  ['300760.SZ', '迈瑞医疗', '801150.ZSI', '2018-10-16'],
  ['300015.SZ', '爱尔眼科', '801150.ZSI', '2009-10-30'],
  ['603259.SH', '药明康德', '801150.ZSI', '2018-05-08'],
  ['600436.SH', '片仔癀', '801150.ZSI', '2003-06-16'],
  ['000538.SZ', '云南白药', '801150.ZSI', '1993-12-15'],
  ['300124.SZ', '汇川技术', '801890.ZSI', '2010-09-28'],
  ['300274.SZ', '阳光电源', '801730.ZSI', '2011-11-02'],
  ['600438.SH', '通威股份', '801730.ZSI', '2004-03-02'],
  ['301269.SZ', '华大九天', '801750.ZSI'],
  ['689009.SH', '九号公司', '801880.ZSI', '2020-10-29'],
  ['003816.SZ', '中国广核', '801160.ZSI', '2019-08-26'],
  ['600011.SH', '华能国际', '801160.ZSI', '2001-12-06'],
  ['600760.SH', '中航沈飞', '801740.ZSI'],
  ['600150.SH', '中国船舶', '801740.ZSI', '1998-05-20'],
  ['002027.SZ', '分众传媒', '801760.ZSI', '2004-08-04'],
  ['300413.SZ', '芒果超媒', '801760.ZSI', '2015-01-21'],
  ['601919.SH', '中远海控', '801170.ZSI', '2007-06-26'],
  ['002352.SZ', '顺丰控股', '801170.ZSI', '2010-02-05'],
  ['601111.SH', '中国国航', '801170.ZSI', '2006-08-18'],
  ['002714.SZ', '牧原股份', '801010.ZSI', '2014-01-28'],
  ['300498.SZ', '温氏股份', '801010.ZSI', '2015-11-02'],
  ['600398.SH', '海澜之家', '801130.ZSI', '2000-12-28'],
  ['002563.SZ', '森马服饰', '801130.ZSI', '2011-03-11'],
  ['603833.SH', '欧派家居', '801140.ZSI', '2017-03-28'],
  ['600754.SH', '锦江酒店', '801210.ZSI'],
  ['600655.SH', '豫园股份', '801230.ZSI', '1992-09-02'],
  ['600008.SH', '首创环保', '801970.ZSI', '2000-04-27'],
  ['300896.SZ', '爱美客', '801980.ZSI', '2020-09-28'],
  ['832982.BJ', '锦波生物', '801980.ZSI'],
  ['430047.BJ', '诺思兰德', '801150.ZSI', '2021-11-15'],
  ['835368.BJ', '连城数控', '801890.ZSI', '2021-11-15'],
];

type PlainRow = readonly [code: string, name: string];

const hkRows: readonly PlainRow[] = [
  ['00700.HK', '腾讯控股'],
  ['09988.HK', '阿里巴巴-W'],
  ['03690.HK', '美团-W'],
  ['01810.HK', '小米集团-W'],
  ['00941.HK', '中国移动'],
  ['00005.HK', '汇丰控股'],
  ['01299.HK', '友邦保险'],
  ['00388.HK', '香港交易所'],
  ['02318.HK', '中国平安'],
  ['00939.HK', '建设银行'],
  ['01398.HK', '工商银行'],
  ['09618.HK', '京东集团-SW'],
  ['09999.HK', '网易-S'],
  ['01024.HK', '快手-W'],
  ['02020.HK', '安踏体育'],
  ['00883.HK', '中国海洋石油'],
  ['00001.HK', '长和'],
  ['00016.HK', '新鸿基地产'],
  ['00027.HK', '银河娱乐'],
  ['02269.HK', '药明生物'],
  ['01211.HK', '比亚迪股份'],
  ['00175.HK', '吉利汽车'],
  ['09868.HK', '小鹏汽车-W'],
  ['02015.HK', '理想汽车-W'],
  ['09888.HK', '百度集团-SW'],
];

// Indices: every SW level-1 industry is added from sw-industries.ts; these are the rest.
const indexRows: readonly PlainRow[] = [
  ['000001.SH', '上证指数'],
  ['399001.SZ', '深证成指'],
  ['399006.SZ', '创业板指'],
  ['000300.SH', '沪深300'],
  ['000688.SH', '科创50'],
  ['000016.SH', '上证50'],
  ['000905.SH', '中证500'],
  ['000852.SH', '中证1000'],
  ['000903.SH', '中证100'],
  ['399005.SZ', '中小100'],
  ['399673.SZ', '创业板50'],
  ['399997.SZ', '中证白酒'],
  ['899050.BJ', '北证50'],
  ['000922.CSI', '中证红利'],
  ['930050.CSI', '中证A50'],
  ['931151.CSI', '光伏产业'],
  // Concept indices (.WI): the codes follow the vendor's 884xxx pattern; the themes are common ones.
  ['884201.WI', '人工智能'],
  ['884160.WI', '半导体'],
  ['884076.WI', '新能源汽车'],
  ['884039.WI', '白酒'],
  ['884091.WI', '创新药'],
  ['884232.WI', '数据中心'],
  ['HSI.HI', '恒生指数'],
  ['HSCEI.HI', '恒生中国企业指数'],
  ['HSTECH.HI', '恒生科技指数'],
];

const etfRows: readonly PlainRow[] = [
  ['510300.SH', '沪深300ETF'],
  ['159915.SZ', '创业板ETF'],
  ['510050.SH', '上证50ETF'],
  ['510500.SH', '中证500ETF'],
  ['588000.SH', '科创50ETF'],
  ['512880.SH', '证券ETF'],
  ['512480.SH', '半导体ETF'],
  ['515030.SH', '新能源车ETF'],
  ['512690.SH', '酒ETF'],
  ['513050.SH', '中概互联网ETF'],
  ['513180.SH', '恒生科技指数ETF'],
  ['159920.SZ', '恒生ETF'],
  ['518880.SH', '黄金ETF'],
  ['512170.SH', '医疗ETF'],
  ['512660.SH', '军工ETF'],
  ['512800.SH', '银行ETF'],
  ['159995.SZ', '芯片ETF'],
  ['515790.SH', '光伏ETF'],
];

const fundRows: readonly PlainRow[] = [
  ['005827.OF', '易方达蓝筹精选混合'],
  ['000001.OF', '华夏成长混合'],
  ['110022.OF', '易方达消费行业股票'],
  ['260108.OF', '景顺长城新兴成长混合'],
  ['003095.OF', '中欧医疗健康混合A'],
  ['001938.OF', '中欧时代先锋股票A'],
  ['519066.OF', '汇添富蓝筹稳健灵活配置混合A'],
  ['000083.OF', '汇添富消费行业混合'],
  ['320007.OF', '诺安成长混合'],
];

// Listed open-ended funds carry .OF codes like other funds; only their type tells them apart.
const lofRows: readonly PlainRow[] = [
  ['161725.OF', '招商中证白酒指数(LOF)'],
  ['163406.OF', '兴全合润混合(LOF)'],
  ['161005.OF', '富国天惠成长混合(LOF)'],
];

function plain(rows: readonly PlainRow[], type: (code: string) => InstrumentType): WellKnownInstrument[] {
  return rows.map(([code, name]) => ({ code, name, type: type(code) }));
}

// spec 1 §2: .ZSI industry, .WI concept, .HI Hong Kong, anything else mainland.
function indexType(code: string): InstrumentType {
  if (code.endsWith('.WI')) return 'index_gn';
  if (code.endsWith('.HI')) return 'index_hk_hs';
  if (code.endsWith('.ZSI')) return 'index_hy';
  return 'index_hs';
}

export const wellKnownAShares: readonly WellKnownInstrument[] = aShareRows.map(
  ([code, name, industry, listingDate]) => ({
    code,
    name,
    type: 'capital' as const,
    industry,
    ...(listingDate === undefined ? {} : { listingDate }),
  }),
);
export const wellKnownHkStocks = plain(hkRows, () => 'hk');
export const wellKnownIndices = plain(indexRows, indexType);
export const wellKnownEtfs = plain(etfRows, () => 'fund_onside');
export const wellKnownFunds = [...plain(fundRows, () => 'fund_outside'), ...plain(lofRows, () => 'fund_lof')];

type DatedRow = readonly [code: string, name: string, listingDate: string];

/**
 * Real index families the full universe adds (issue 15 §8) for the ETFs and index funds of the real
 * market's size: the size and dividend families and the CSI and CNI themes most ETFs track. Only the
 * full universe carries them, so the compact universe keeps exactly its instruments. Codes and names
 * are the real ones (the short names quote apps show; 上证红利 is 红利指数). Dates are launch dates,
 * exact for the new families (中证2000, 中证A500, 科创100, 科创综指, whose histories are shorter
 * for it) and to the month or so for the older themes, which nobody checked against the index
 * providers' notices.
 */
const fullUniverseIndexRows: readonly DatedRow[] = [
  ['000010.SH', '上证180', '2002-07-01'],
  ['000009.SH', '上证380', '2010-11-29'],
  ['000015.SH', '红利指数', '2005-01-04'],
  ['000906.SH', '中证800', '2007-01-15'],
  ['000510.SH', '中证A500', '2024-09-23'],
  ['932000.CSI', '中证2000', '2023-08-11'],
  ['000985.CSI', '中证全指', '2011-08-02'],
  ['000698.SH', '科创100', '2023-08-07'],
  ['000680.SH', '科创综指', '2025-01-20'],
  ['399330.SZ', '深证100', '2006-01-24'],
  ['399106.SZ', '深证综指', '1991-04-03'],
  ['399102.SZ', '创业板综', '2010-08-20'],
  ['399303.SZ', '国证2000', '2014-03-17'],
  ['399324.SZ', '深证红利', '2006-01-24'],
  ['930955.CSI', '红利低波100', '2020-12-30'],
  ['399975.SZ', '证券公司', '2013-07-15'],
  ['399986.SZ', '中证银行', '2013-07-15'],
  ['399967.SZ', '中证军工', '2013-12-26'],
  ['399989.SZ', '中证医疗', '2014-10-31'],
  ['000933.SH', '中证医药', '2009-07-03'],
  ['399971.SZ', '中证传媒', '2014-04-15'],
  ['000827.SH', '中证环保', '2012-09-25'],
  ['399998.SZ', '中证煤炭', '2015-02-13'],
  ['399976.SZ', 'CS新能车', '2015-02-13'],
  ['399808.SZ', '中证新能', '2015-02-13'],
  ['990001.CSI', '中华半导体芯片', '2019-05-27'],
  ['930713.CSI', '中证人工智能', '2016-03-14'],
  ['000932.SH', '中证消费', '2009-07-03'],
  ['930653.CSI', '中证食品饮料', '2015-01-08'],
  ['000819.SH', '中证有色', '2012-05-09'],
  ['930598.CSI', '稀土产业', '2014-11-25'],
  ['930606.CSI', '中证钢铁', '2014-12-31'],
  ['000813.SH', '细分化工', '2012-04-11'],
  ['399995.SZ', '基建工程', '2015-02-13'],
  ['931775.CSI', '中证全指房地产', '2021-03-05'],
  ['930697.CSI', '中证家电', '2015-01-08'],
  ['931079.CSI', '5G通信', '2019-01-02'],
  ['930901.CSI', '动漫游戏', '2016-08-01'],
  ['931719.CSI', '中证电池', '2021-03-17'],
  ['931152.CSI', 'CS创新药', '2019-03-04'],
  ['930641.CSI', '中证中药', '2014-10-31'],
  ['399441.SZ', '生物医药', '2015-06-30'],
  ['931494.CSI', '消费电子', '2020-04-27'],
  ['HSHCI.HI', '恒生医疗保健指数', '2008-09-08'],
];

export const fullUniverseIndices: readonly WellKnownInstrument[] = fullUniverseIndexRows.map(
  ([code, name, listingDate]) => ({ code, name, type: indexType(code), listingDate }),
);
