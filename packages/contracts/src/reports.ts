import { z } from 'zod';
import { REPORT_DETAILS_MAX, reportReasons, reportTexts } from './report-texts.ts';

/** POST /api/organizations/{id}/reports: a visitor (guests and signed-out visitors too) reports. */
export const CreateReportRequest = z
  .object({
    reason: z.enum(reportReasons, { message: reportTexts.reasonRequired }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, reportTexts.detailsTooLong).default(''),
  })
  .strict();
export type CreateReportRequest = z.infer<typeof CreateReportRequest>;

/** The same thanks whether the report is new or repeats an open one (the reporter learns nothing). */
export const CreateReportResult = z.object({ received: z.literal(true) });
