import { randomUUID } from 'node:crypto';
import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from '../../http/answer-encoding.ts';
import { headerOf } from '../../http/pre-router.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { Market } from '../../market/market.ts';
import type { ImageReader } from './image-reader.ts';
import type { WatchlistService } from './watchlist.service.ts';
import { importCandidates, importLines } from './watchlist-import.ts';

const flag = (value: string) => value === 'true' || value === '1';

export function registerWatchlistRoutes(
  app: FastifyInstance,
  service: WatchlistService,
  market: Market,
  imageReader: ImageReader,
): void {
  const w = api.watchlist;
  registerEndpoint(app, w.addOptional, async ({ user, query }) =>
    service.addOptional(user.userId, query.code, query.groupIds),
  );
  registerEndpoint(app, w.delOptional, async ({ user, query }) =>
    service.unfollow(user.userId, [query.code]),
  );
  registerEndpoint(app, w.sortOptional, async ({ user, body }) =>
    service.sortItems(user.userId, undefined, body.codes),
  );
  registerEndpoint(app, w.batchDelOptional, async ({ user, body }) =>
    service.unfollow(user.userId, body.codes),
  );

  registerEndpoint(app, w.addOpt, async ({ user, query }) =>
    service.addOpt(user.userId, query.codes, query.groupIds),
  );
  registerEndpoint(app, w.changeOpt, async ({ user, query }) =>
    service.changeOpt(user.userId, query.code, query.groupIds),
  );
  registerEndpoint(app, w.moveOpt, async ({ user, query }) =>
    service.moveOpt(user.userId, query.codes, query.fromGroupId, query.toGroupId),
  );
  registerEndpoint(app, w.setTop, async ({ user, query }) =>
    service.setTop(user.userId, query.code, query.groupId, flag(query.top)),
  );
  registerEndpoint(app, w.reSetAddDate, async ({ user, query }) =>
    service.resetAddDate(user.userId, query.code),
  );
  registerEndpoint(app, w.isOpt, async ({ user, query }) => service.isOpt(user?.userId ?? null, query.code));
  registerEndpoint(app, w.groupIds, async ({ user, query }) => {
    const [answer] = await service.groupIds(user.userId, [query.code]);
    return answer ?? { code: query.code, groupIds: [] };
  });
  registerEndpoint(app, w.groupIdsMultiCodes, async ({ user, query }) =>
    service.groupIds(user.userId, query.codes),
  );
  registerEndpoint(app, w.optGroupList, async ({ user }) => service.groups(user.userId, 'normal'));
  registerEndpoint(app, w.optGroupListV2, async ({ user, query }) =>
    service.groupsFor(user.userId, query.code),
  );
  registerEndpoint(app, w.optGroupListV3, async ({ user, query }) =>
    service.groups(user.userId, query.optType),
  );
  registerEndpoint(app, w.addOptGroup, async ({ user, query }) =>
    service.addGroup(user.userId, query.name, query.optType),
  );
  registerEndpoint(app, w.renameOptGroup, async ({ user, query }) =>
    service.renameGroup(user.userId, query.groupId, query.name),
  );
  registerEndpoint(app, w.delOptGroup, async ({ user, query }) =>
    service.deleteGroup(user.userId, query.groupId),
  );
  registerEndpoint(app, w.optGroupItemNum, async ({ user, query }) =>
    service.itemCount(user.userId, query.groupId),
  );
  registerEndpoint(app, w.eventReminderOptGroupList, async ({ user }) =>
    service.groupsWithCodes(user.userId),
  );

  registerEndpoint(app, w.imgUpload, async ({ user, body }) => {
    const imageId = randomUUID();
    await service.saveUpload(user.userId, imageId, body.image);
    return { imageId };
  });
  registerEndpoint(app, w.imgToStocks, async ({ user, query }) => {
    const lines = await imageReader.readLines(await service.upload(user.userId, query.imageId));
    return importCandidates(
      market.directory,
      lines,
      await service.followedSet(user.userId),
      imageReader.reader,
    );
  });
  registerEndpoint(app, w.textToStocks, async ({ user, body }) =>
    importCandidates(
      market.directory,
      importLines(body.text),
      await service.followedSet(user.userId),
      'text',
    ),
  );

  registerEndpoint(app, w.queryBeginDate, async ({ user, query }) =>
    service.beginDate(user.userId, query.code),
  );
  registerEndpoint(app, w.listOptV4, async ({ user, query }) =>
    service.listItems(user.userId, query.groupId),
  );
  registerEndpoint(app, w.listOptV3, async ({ user }) => service.followedCodes(user?.userId ?? null));
  registerEndpoint(app, w.remark, async ({ user, params, body }) =>
    service.remark(user.userId, params.code, body.remark),
  );
  registerEndpoint(app, w.holding, async ({ user, params, body }) =>
    service.holding(user.userId, params.code, body.holding),
  );
  registerEndpoint(app, w.sortOpt, async ({ user, query, body }) =>
    service.sortItems(user.userId, query.groupId, body.codes),
  );
  registerEndpoint(app, w.sortOptGroup, async ({ user, body }) =>
    service.sortGroups(user.userId, 'normal', body.groupIds),
  );
  registerEndpoint(app, w.sortOptGroupV2, async ({ user, query, body }) =>
    service.sortGroups(user.userId, query.optType, body.groupIds),
  );
  registerEndpoint(app, w.batchDelOpt, async ({ user, query, body }) =>
    service.batchDelete(user.userId, query.groupId, body.codes),
  );
  registerEndpoint(app, w.avgChg, async ({ user, query, body }) =>
    service.averageChange(user.userId, query.groupId, body.market, query.subColumn),
  );
  registerEndpoint(app, w.userOptCount, async ({ user }) => service.userCount(user.userId));
  registerEndpoint(
    app,
    w.listOptionalV4Items,
    async ({ user, query, body, request }) =>
      service.liveList(
        user.userId,
        { groupId: body.groupId, market: body.market, column: query.column, direction: query.subColumn },
        negotiateEncoding(headerOf(request.headers)('accept-encoding')),
      ),
    // Polled with the same column and direction: the validated query is remembered.
    { compressesItself: true, memoizeQuery: true },
  );
  registerEndpoint(app, w.listOptionalV3Items, async ({ user, body }) =>
    service.simpleList(user.userId, body.groupId),
  );

  registerEndpoint(app, w.sortGet, async ({ user }) => service.columns(user.userId, 'columns'));
  registerEndpoint(app, w.sortGetHk, async ({ user }) => service.columns(user.userId, 'columnsHk'));
  registerEndpoint(app, w.sortGetKSet, async ({ user }) => service.kLine(user.userId));
  registerEndpoint(app, w.sortSet, async ({ user, body }) =>
    service.saveColumns(user.userId, 'columns', body),
  );
  registerEndpoint(app, w.sortSetHk, async ({ user, body }) =>
    service.saveColumns(user.userId, 'columnsHk', body),
  );
  registerEndpoint(app, w.sortSetKSet, async ({ user, body }) => service.saveKLine(user.userId, body));
}
