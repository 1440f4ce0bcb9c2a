/**
 * Chinese name → pinyin for instrument search (issue 4: `gzmt` and `guizhoumaotai` both find 贵州茅台).
 * A compact table rather than a dictionary dependency: it covers every character the demo catalogue uses,
 * and its test proves that. Each character has one reading, the one instrument names use (行 hang as in
 * 银行, 长 chang as in 长江, 重 zhong as in 重工); ü is written v, as pinyin input methods type it.
 */

// 'reading:characters' groups, space separated; parsed once at module load.
const table: readonly string[] = [
  'a:阿 ai:爱 an:安 ba:巴 bai:柏白百 ban:办半板 bang:邦 bao:保包宝 bei:北备 bi:比 bo:博波玻舶 bu:部 cai:材财 chai:柴 chan:产 ',
  'chang:长 chao:超 che:车 chen:辰 cheng:城成 chi:池 chou:筹 chu:储厨础 chuan:传川船 chuang:创 da:大达 dai:代 dao:导 ',
  'de:德的 di:低地迪 dian:店电 ding:鼎 dong:东动 du:度 duan:端 er:尔 fa:发 fang:房方纺防 fei:费非飞 fen:份分汾 feng:丰锋 ',
  'fu:伏富服氟 gai:概 gang:港钢 gao:高 ge:格 gong:公工 gu:股 guan:管 guang:光广 gui:贵 guo:国果 hai:海 hang:航行 hao:号昊 ',
  'he:合和核河 heng:恒衡 hong:宏弘红鸿 hu:互护沪 hua:化华 huan:环 huang:癀黄 hui:会惠汇辉 hun:混 huo:活货 ji:吉基技机济级计际集 ',
  'jia:价嘉家 jian:件健建 jiang:江 jiao:交教焦 jin:进金锦 jing:京境景精经 jiu:九究酒 ju:居据 jun:军均 kai:凯开 kang:康 ke:客科 ',
  'kong:控空 kou:口 kuai:快 kuang:矿 lan:兰澜蓝 le:乐 li:利力理璃立里锂 lian:联连 liang:粮 liao:料疗 lin:林 ling:岭灵零 ',
  'liu:流 long:隆 luo:络螺 lv:旅绿铝 ma:马 mai:迈 mang:芒 mao:茅贸 mei:媒煤美 mi:密米 mian:免 ming:明 mu:牧 nan:南 ',
  'neng:能 ni:泥 ning:宁 nong:农 nuo:诺 ou:欧 pai:派 pei:配 peng:鹏 pian:片 piao:票 pin:品 ping:平 pu:浦 qi:企器期气汽 ',
  'qiang:强 qiao:桥 qing:轻青 quan:全券 ran:燃 ren:人 ri:日 rong:容融 ru:乳 ruan:软 rui:瑞 run:润 san:三 se:色 sen:森 ',
  'shan:山陕 shang:上商 she:社蛇设 shen:沈深申神 sheng:升晟生盛 shi:事实市时氏石视食饰 shou:售手首 shu:属数术输 shui:水 shun:顺 ',
  'si:司思饲 su:苏速 suan:算 suo:所 ta:踏 tai:台态泰 tan:炭 te:特 teng:腾 ti:体 tian:天添 tie:铁 tong:同通 tuan:团 tuo:托 ',
  'wan:万 wang:网 wei:味威微潍 wen:文温稳 wu:五务物 xi:息戏西 xia:夏 xian:先纤险 xiang:想香 xiao:小消 xie:械 xin:信心新芯鑫 ',
  'xing:兴星 xu:畜 xuan:选 xue:学 xun:讯 ya:亚 yan:眼研 yang:央洋阳 yao:药 ye:业液 yi:一亿伊医易移 yin:银饮 ying:影 yong:永用 ',
  'you:优友有油游 yu:娱宇渔育豫 yuan:元原园源远 yue:岳越 yun:云运 zai:仔 zao:造 zeng:增 zhai:债 zhan:展 zhao:兆招 zhe:浙 ',
  'zheng:正证 zhi:之值制指智纸织置质 zhong:中众种重 zhou:州 zhu:筑 zhuang:妆装 zi:子字紫资 zong:综 ',
  // Characters of the full universe's generated names (catalogue-words.json).
  'ding:定 luo:罗 mian:绵 qiu:球 shan:汕 shao:绍 shi:施 xu:徐 yan:烟 zhang:漳 ',
  'an:鞍 ao:澳 ban:版 bao:报 beng:泵 biao:表 bin:宾 bo:播 can:餐 ce:测策 chang:昌场 chen:晨 cheng:诚承程 chi:持 chou:绸 chu:出 ',
  'chuang:床 chun:纯 ci:瓷 dai:带 dan:郸 dao:岛道 de:得 duan:断短 duo:多 fa:阀 fang:坊 feng:峰风封 fo:佛 fu:福 gai:改 gan:赣甘 ge:革 ',
  'gen:根 gong:供 gou:构 gu:钴 guan:观 gui:硅桂 han:汉邯 hong:泓 hu:湖 huai:淮 huang:皇 hui:徽回 ji:激季 jia:佳加 jian:见 jiang:疆匠 ',
  'jiao:胶 jie:捷节接 jin:津晋 jing:净靖 ju:具聚 ke:克 lan:缆 lian:链 liang:辆量 liao:辽 lin:赁临 ling:菱领 liu:柳 long:龙 lu:路 lun:轮 ',
  'luo:洛 lve:略 ma:码 man:漫 men:门 min:民 mo:摩 mu:钼 nei:内 ni:逆 nian:年 niang:酿 pai:牌 pan:盘 pu:莆 qian:前 qin:秦 qing:庆 ',
  'qu:曲驱 quan:泉 re:热 rong:荣 rui:锐睿 shi:示势 shou:寿收 shu:树 shuang:双 si:四丝 su:塑肃 tai:胎 tan:碳 tang:糖 tao:陶 ti:题 ',
  'tian:田 tong:铜 tou:投头 tu:土涂 wei:伟维卫 wu:钨芜吴 xi:稀细 xian:显现 xiang:祥襄享向 xie:鞋 xu:需 yan:盐 yang:扬养 yao:要 yi:仪益宜义沂 ',
  'yin:因印 ying:英应营赢鹰盈 yu:裕 yue:悦月 ze:泽 zhao:照 zhen:振诊针 zhi:脂殖 zhou:轴周 zhu:珠主 zhuan:专 zhuo:卓 zi:自 zu:租 zun:遵 ',
];

const readings: ReadonlyMap<string, string> = new Map(
  table
    .join('')
    .split(' ')
    .filter((group) => group !== '')
    .flatMap((group) => {
      const [reading = '', characters = ''] = group.split(':');
      return [...characters].map((character): [string, string] => [character, reading]);
    }),
);

export interface Pinyin {
  /** First letter of each syllable, ASCII letters and digits kept lowercased ('沪深300ETF' → 'hs300etf'). */
  initials: string;
  /** Whole syllables run together ('贵州茅台' → 'guizhoumaotai'). */
  full: string;
  /** Chinese characters the table does not know; they are left out of both strings. */
  unknown: string[];
}

// Hong Kong share-class markers (阿里巴巴-W, 京东集团-SW, 网易-S) say nothing users type when searching.
const shareClassMarker = /-[A-Z]{1,3}$/;
const asciiAlphanumeric = /^[A-Za-z0-9]$/;
const han = /^\p{Script=Han}$/u;

/** Converts an instrument name to its pinyin initials and full pinyin. */
export function toPinyin(name: string): Pinyin {
  let initials = '';
  let full = '';
  const unknown: string[] = [];
  for (const character of name.replace(shareClassMarker, '')) {
    const reading = readings.get(character);
    if (reading !== undefined) {
      initials += reading.charAt(0);
      full += reading;
    } else if (asciiAlphanumeric.test(character)) {
      initials += character.toLowerCase();
      full += character.toLowerCase();
    } else if (han.test(character)) {
      unknown.push(character);
    }
    // Punctuation such as the brackets of '(LOF)' is dropped: nobody types it into a search box.
  }
  return { initials, full, unknown };
}

/** Whether the table has a reading for a character. */
export function hasReading(character: string): boolean {
  return readings.has(character);
}
