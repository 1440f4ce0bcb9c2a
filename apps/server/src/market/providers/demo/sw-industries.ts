/**
 * The 31 Shenwan (申万) level-1 industries of the SW2021 classification, with their index codes
 * (sw-industries.json, through sw-industry-tree.ts). A-share `industry` fields hold these codes; the
 * same codes are the industry indices (`.ZSI`).
 */
import { swLevel1Nodes } from './sw-industry-tree.ts';

export interface SwIndustry {
  code: string;
  name: string;
}

export const swLevel1Industries: readonly SwIndustry[] = swLevel1Nodes.map(({ code, name }) => ({
  code,
  name,
}));

/** Two-character words that make a generated company sound like it belongs to an industry. */
export const industryNameWords: Readonly<Record<string, readonly string[]>> = {
  '801010.ZSI': ['农业', '种业', '牧业', '渔业', '饲料'],
  '801030.ZSI': ['化工', '新材', '化学', '氟化'],
  '801040.ZSI': ['钢铁', '特钢', '钢管'],
  '801050.ZSI': ['矿业', '有色', '锂业', '铝业'],
  '801080.ZSI': ['电子', '光电', '微电', '精密'],
  '801110.ZSI': ['电器', '家电', '厨电'],
  '801120.ZSI': ['食品', '酒业', '乳业', '饮品'],
  '801130.ZSI': ['纺织', '服饰', '时装'],
  '801140.ZSI': ['纸业', '家居', '包装'],
  '801150.ZSI': ['医药', '药业', '生物', '医疗'],
  '801160.ZSI': ['电力', '水务', '燃气'],
  '801170.ZSI': ['物流', '航运', '港口', '高速'],
  '801180.ZSI': ['地产', '置业', '置地'],
  '801200.ZSI': ['商贸', '百货', '商业'],
  '801210.ZSI': ['旅游', '酒店', '教育'],
  '801230.ZSI': ['实业', '发展'],
  '801710.ZSI': ['建材', '水泥', '玻璃'],
  '801720.ZSI': ['建设', '建工', '装饰'],
  '801730.ZSI': ['电气', '新能', '储能', '电源'],
  '801740.ZSI': ['航天', '航空', '防务'],
  '801750.ZSI': ['软件', '信息', '数据', '智能'],
  '801760.ZSI': ['传媒', '文化', '影视', '互娱'],
  '801770.ZSI': ['通信', '通讯', '光纤', '网络'],
  '801780.ZSI': ['银行'],
  '801790.ZSI': ['证券', '保险', '信托', '期货'],
  '801880.ZSI': ['汽车', '汽配', '车业'],
  '801890.ZSI': ['机械', '重工', '装备', '机电'],
  '801950.ZSI': ['煤业', '煤电', '焦煤'],
  '801960.ZSI': ['石化', '油气', '石油'],
  '801970.ZSI': ['环保', '环境', '生态'],
  '801980.ZSI': ['美妆', '护理', '日化'],
};
