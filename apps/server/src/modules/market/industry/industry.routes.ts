import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { IndustryService } from './industry.service.ts';

export function registerIndustryRoutes(app: FastifyInstance, service: IndustryService): void {
  const endpoints = api.market;
  registerEndpoint(app, endpoints.plateList, async ({ query }) =>
    service.plateList(query.kind, query.sort, query.order),
  );
  registerEndpoint(app, endpoints.plateDetail, async ({ query }) => service.plateDetail(query.code));
  registerEndpoint(app, endpoints.industryAnalysis, async ({ query }) =>
    service.industryAnalysis(query.code),
  );
  registerEndpoint(app, endpoints.tuyereList, async () => service.tuyereList());
  registerEndpoint(app, endpoints.regionPlates, async () => service.regionPlates());
  registerEndpoint(app, endpoints.industryGroups, async () => service.industryGroups());
  registerEndpoint(app, endpoints.industryGroupEtfs, async ({ query }) =>
    service.industryGroupEtfs(query.group),
  );
}
