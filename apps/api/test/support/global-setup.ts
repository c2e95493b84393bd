import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { syncReferenceData } from '../../src/db/seed/reference-data.ts';
import { TEMPLATE_DATABASE, adminUrl } from './postgres.ts';

/**
 * Migrates one template database before the tests: an embedded data-dir dump, or a PostgreSQL
 * template database when TEST_DATABASE_URL is set. Each test file then starts from a copy.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({
      databaseUrl: withDatabase(serverUrl, TEMPLATE_DATABASE),
    });
    await template.migrate();
    await syncReferenceData(template.db);
    await template.close();
    project.provide('databaseServerUrl', serverUrl);
    project.provide('templateDump', '');
    return;
  }
  const template = await openDatabase({ dataDir: 'memory://' });
  await template.migrate();
  await syncReferenceData(template.db);
  const dump = await template.dumpDataDir!();
  await template.close();
  const file = path.join(os.tmpdir(), `scaling-impact-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseServerUrl', '');
  project.provide('templateDump', file);
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDump: string;
  }
}
