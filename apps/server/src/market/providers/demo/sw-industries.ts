/**
 * The 31 Shenwan (申万) level-1 industries of the SW2021 classification, with their index codes. A-share
 * `industry` fields hold these codes; the same codes are the industry indices (`.ZSI`).
 */
export interface SwIndustry {
  code: string;
  name: string;
}

export const swLevel1Industries: readonly SwIndustry[] = [
  { code: '801010.ZSI', name: '农林牧渔' },
  { code: '801030.ZSI', name: '基础化工' },
  { code: '801040.ZSI', name: '钢铁' },
  { code: '801050.ZSI', name: '有色金属' },
  { code: '801080.ZSI', name: '电子' },
  { code: '801110.ZSI', name: '家用电器' },
  { code: '801120.ZSI', name: '食品饮料' },
  { code: '801130.ZSI', name: '纺织服饰' },
  { code: '801140.ZSI', name: '轻工制造' },
  { code: '801150.ZSI', name: '医药生物' },
  { code: '801160.ZSI', name: '公用事业' },
  { code: '801170.ZSI', name: '交通运输' },
  { code: '801180.ZSI', name: '房地产' },
  { code: '801200.ZSI', name: '商贸零售' },
  { code: '801210.ZSI', name: '社会服务' },
  { code: '801230.ZSI', name: '综合' },
  { code: '801710.ZSI', name: '建筑材料' },
  { code: '801720.ZSI', name: '建筑装饰' },
  { code: '801730.ZSI', name: '电力设备' },
  { code: '801740.ZSI', name: '国防军工' },
  { code: '801750.ZSI', name: '计算机' },
  { code: '801760.ZSI', name: '传媒' },
  { code: '801770.ZSI', name: '通信' },
  { code: '801780.ZSI', name: '银行' },
  { code: '801790.ZSI', name: '非银金融' },
  { code: '801880.ZSI', name: '汽车' },
  { code: '801890.ZSI', name: '机械设备' },
  { code: '801950.ZSI', name: '煤炭' },
  { code: '801960.ZSI', name: '石油石化' },
  { code: '801970.ZSI', name: '环保' },
  { code: '801980.ZSI', name: '美容护理' },
];

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
