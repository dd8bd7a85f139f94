import { badRequest } from '../../server/errors';
import type { Reply } from '../../server/http';
import { queryCollection } from '../../odata/query';
import type { Call, ODataRoute } from '../context';
import { byKey, sets } from '../respond';
import type { Row } from '../state';
import * as route from './entityRoutes';
import { exportReply } from './jobs';

/** The columns of the Reports() file, in order: what the audit page shows. */
const REPORT_COLUMNS = ['ExecutionTime', 'UserName', 'Component', 'Action', 'ServiceName', 'MethodName'] as const;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The spec names Reports() and GetAuditLogDetails but shows neither shape. Choice, as real services of this kind
 * answer: Reports() is a CSV download of the audit entries (the collection's $filter and $orderby apply); the details
 * are a collection of the entities one audit entry touched (README).
 */
function auditReport(call: Call): Reply {
  const params = new URLSearchParams(call.req.url.searchParams);
  params.delete('$top'); // a report holds every matching entry, up to the collection's cap
  const { value } = queryCollection(sets(call).AuditLogs, call.tenant.auditLogs, params, call.odataBase);
  const lines = [REPORT_COLUMNS.join(','), ...value.map((row) => REPORT_COLUMNS.map((c) => csvCell(row[c])).join(','))];
  return {
    kind: 'raw',
    status: 200,
    body: `${lines.join('\r\n')}\r\n`,
    contentType: 'text/csv; charset=utf-8',
    headers: { 'content-disposition': 'attachment; filename="AuditLogs.csv"' },
  };
}

/** What an audit entry changed: the entity its component names (the sandbox keeps one per entry). */
function auditDetails(log: Row): Row[] {
  return [
    {
      Id: Number(log.Id) * 10 + 1,
      AuditLogId: log.Id,
      EntityName: log.Component,
      EntityId: (log.$entityId as number | undefined) ?? null,
      Action: log.Action,
      CustomData: JSON.stringify({ ServiceName: log.ServiceName, MethodName: log.MethodName }),
    },
  ];
}

const AUDIT_LOGS = route.entity('AuditLogs', 'Audit log', (t) => t.auditLogs, 'tenant');
const VIEW = { permissions: ['Audit.View'] };

export const AUDIT_LOG_ROUTES: ODataRoute[] = [
  route.list(AUDIT_LOGS, VIEW),
  route.setFunction(AUDIT_LOGS, 'Reports', VIEW, auditReport),
  route.setFunction(AUDIT_LOGS, 'GetAuditLogDetails', { parameters: { auditLogId: 'integer' }, ...VIEW }, (call) => {
    const id = call.params.auditLogId;
    if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest('auditLogId must be an integer id.');
    const log = byKey(call.tenant.auditLogs, id, 'Audit log');
    const context = `Collection(${call.options.namespace}.AuditLogEntityDto)`;
    return route.valueReply(call, context, auditDetails(log));
  }),
  route.setAction(AUDIT_LOGS, 'Export', { ...VIEW, exportOperation: true }, (call) => exportReply(call, 'AuditLogs')),
];
