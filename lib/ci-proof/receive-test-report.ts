import { decodeUtf8Body } from "@/lib/http/read-utf8-body";
import { parseJunit } from "./parse-junit";
import { recordTestReport } from "./record-test-report";
import { ReportRefused } from "./report-refused";
import { verifyActionsToken } from "./verify-actions-token";

/** The largest report read; a bigger one is refused while it is still arriving. */
export const TEST_REPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/github/test-report, past the HTTP door: the token first (nothing about the report is
 * looked at for an unverified caller), then the report, then the write. Throws ReportRefused.
 */
export async function receiveTestReport(authorization: string | null, readBody: () => Promise<Uint8Array | null>) {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!token) throw new ReportRefused(401, "token_missing", "Send the workflow's GitHub Actions OIDC token as Authorization: Bearer <token>.");
  const claims = await verifyActionsToken(token);
  const bytes = await readBody();
  if (!bytes) throw new ReportRefused(413, "too_large", `The report must not exceed ${TEST_REPORT_MAX_BYTES} bytes.`, { limit: TEST_REPORT_MAX_BYTES });
  const read = decodeUtf8Body(bytes, TEST_REPORT_MAX_BYTES);
  if (!read.ok) throw new ReportRefused(400, "not_utf8", "The report is not valid UTF-8.");
  return recordTestReport(claims, parseJunit(read.text));
}
