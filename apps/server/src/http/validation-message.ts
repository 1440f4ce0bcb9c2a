import type { FastifySchemaValidationError } from 'fastify';

const sourceNames: Record<string, string> = {
  querystring: '查询参数',
  body: '请求体',
  params: '路径参数',
  headers: '请求头',
};

/**
 * One Chinese sentence naming the field at fault, e.g. `查询参数 key 无效：无效选项：…`.
 * zod's zh-CN locale (configured in app.ts) supplies the reason.
 */
export function validationMessage(
  issues: readonly FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const source = sourceNames[context ?? ''] ?? '参数';
  const first = issues[0];
  if (!first) return `${source}无效`;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field ? `${source} ${field}` : source;
  return `${where} 无效：${first.message ?? '格式不正确'}`;
}
