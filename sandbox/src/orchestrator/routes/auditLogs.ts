import { badRequest } from '../../server/errors';
import { json, type Reply } from '../../server/http';
import { queryCollection } from '../../odata/query';
import type { Call, ODataRoute } from '../context';
import { byKey, list, sets } from '../respond';
import type { Row } from '../state';
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

export const AUDIT_LOG_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'AuditLogs',
    scope: 'tenant',
    permissions: ['Audit.View'],
    handler: (call) => list(call, sets(call).AuditLogs, call.tenant.auditLogs),
  },
  {
    method: 'GET',
    set: 'AuditLogs',
    operation: 'Reports',
    scope: 'tenant',
    permissions: ['Audit.View'],
    handler: auditReport,
  },
  {
    method: 'GET',
    set: 'AuditLogs',
    operation: 'GetAuditLogDetails',
    parameters: { auditLogId: 'integer' },
    scope: 'tenant',
    permissions: ['Audit.View'],
    handler: (call) => {
      const id = call.params.auditLogId;
      if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest('auditLogId must be an integer id.');
      const log = byKey(call.tenant.auditLogs, id, 'Audit log');
      return json({
        '@odata.context': `${call.odataBase}/$metadata#Collection(${call.options.namespace}.AuditLogEntityDto)`,
        value: auditDetails(log),
      });
    },
  },
  {
    method: 'POST',
    set: 'AuditLogs',
    operation: 'Export',
    scope: 'tenant',
    permissions: ['Audit.View'],
    exportOperation: true,
    handler: (call) => exportReply(call, 'AuditLogs'),
  },
];
