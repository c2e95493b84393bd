import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admin, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';
import type { ExportFormat } from './profile-export.ts';

const formats: Record<ExportFormat, { type: string; summary: string }> = {
  csv: {
    type: 'text/csv',
    summary:
      'Every published profile as CSV, streamed: the API’s fields as columns (lists joined with ;, category maps as JSON, the badge in two columns); audited',
  },
  jsonl: {
    type: 'application/jsonl',
    summary:
      'Every published profile as JSON Lines, streamed: one GET /api/organizations/{id} item a line; audited',
  },
};

/** The bulk export of published profiles (ADR 054): streamed as it is read, audited. */
export const exportRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  for (const [format, { type, summary }] of Object.entries(formats) as [
    ExportFormat,
    (typeof formats)[ExportFormat],
  ][]) {
    app.get(
      `/admin/export/organizations.${format}`,
      {
        schema: {
          ...admin,
          summary,
          produces: [type],
          response: { 200: z.string().describe(`${type}, streamed`), ...refusals },
        },
      },
      async (request, reply) => {
        const chunks = await operators.exportProfiles(actor(request), format);
        return (
          reply
            .type(`${type}; charset=utf-8`)
            .header('content-disposition', `attachment; filename="organizations.${format}"`)
            // A stream goes out as it is read; the schema documents the text it makes.
            .send(Readable.from(chunks) as unknown as string)
        );
      },
    );
  }
};
