/**
 * The company profile (公司简介) of a demo stock. A well-known stock describes its real company from
 * well-known-companies.json (贵州茅台: 贵州茅台酒股份有限公司 in 贵州, not a generated name in a random
 * province); the facts that file does not hold (chairman, largest holder, staff, website) stay empty,
 * which the app shows as `--`, rather than invented. A generated company gets a generated profile
 * that says it is demo data.
 */
import type { InstrumentProfile } from '../../instrument-profile.ts';
import { dividendYield, swIndustryProfile } from './demo-profiles.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { hashString, mulberry32, pick } from './prng.ts';
import { swLevel1Industries } from './sw-industries.ts';
import { wellKnownCompanies } from './well-known-companies.ts';

type CompanyProfile = Extract<InstrumentProfile, { kind: 'company' }>;

const areas = [
  '北京',
  '上海',
  '广东',
  '浙江',
  '江苏',
  '山东',
  '四川',
  '湖北',
  '福建',
  '安徽',
  '湖南',
  '河南',
];

/** Marks every generated profile, so nobody takes a generated company for a real one. */
export const demoProfileMark = '（演示数据，非真实公司信息）';

export function companyProfileDocument(seed: number, instrument: DemoInstrument): CompanyProfile {
  const name = instrument.name.replace(/^\*?ST/, '');
  const yieldRate = Number(dividendYield(seed, instrument).toFixed(4));
  const company = instrument.generated ? undefined : wellKnownCompanies.get(instrument.code);
  if (company) {
    return {
      kind: 'company',
      fullName: company.fullName,
      area: company.area,
      chairman: '',
      holder: '',
      website: '',
      mainBusiness: company.mainBusiness,
      briefing: `${company.fullName}（${name}），所属地域${company.area}，主要从事${company.mainBusiness}。`,
      dividendYield: yieldRate,
      ...swIndustryProfile(instrument),
    };
  }
  const random = mulberry32(hashString(`${seed}|profile-doc|${instrument.code}`));
  const area = pick(random, areas);
  const industry = swLevel1Industries.find((candidate) => candidate.code === instrument.industry)?.name;
  const field = industry ? `${industry}领域的` : '';
  return {
    kind: 'company',
    fullName: `${area}${name}股份有限公司`,
    area,
    chairman: `${pick(random, ['张', '王', '李', '刘', '陈'])}${pick(random, ['建国', '志强', '海涛', '晓东', '明华'])}`,
    holder: `${area}${pick(random, ['国有资本投资运营有限公司', '投资控股集团有限公司', '实业发展有限公司'])}`,
    holderTop1Pct: Number((0.15 + random() * 0.45).toFixed(4)),
    employees: Math.round(500 + random() * 60000),
    website: `www.${instrument.pinyinInitials || 'zc'}.com.cn`,
    mainBusiness: `${field}相关产品的研发、生产和销售${demoProfileMark}`,
    briefing: `${name}成立于${instrument.listingDate.slice(0, 4)}年前后，是${field || '行业内'}具有代表性的企业之一，拥有完整的研发、采购、生产和销售体系。公司坚持技术创新和品牌建设，持续扩大产能并优化产品结构，近年来营业收入和利润保持稳定。${demoProfileMark}`,
    dividendYield: yieldRate,
    ...swIndustryProfile(instrument),
  };
}
