import { receiveTestReport, TEST_REPORT_MAX_BYTES } from "@/lib/ci-proof/receive-test-report";
import { ReportRefused } from "@/lib/ci-proof/report-refused";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { toDomainError } from "@/lib/internal-error";

const noStore = { "Cache-Control": "no-store" };

/**
 * A GitHub Actions run uploads a JUnit report, signed with its OIDC token (docs/github.md#uploading-test-reports).
 * No session and no cookies: the token alone says which repository and run it comes from.
 */
export async function POST(request: Request) {
  try {
    const outcome = await receiveTestReport(request.headers.get("authorization"), () => readBoundedBody(request, TEST_REPORT_MAX_BYTES));
    return Response.json({ ok: true, result: outcome }, { headers: noStore });
  } catch (error) {
    if (error instanceof ReportRefused) {
      const challenge: Record<string, string> = error.status === 401 ? { "WWW-Authenticate": 'Bearer error="invalid_token"' } : {};
      return Response.json({ ok: false, error: error.error.toJSON() }, { status: error.status, headers: { ...noStore, ...challenge } });
    }
    return Response.json({ ok: false, error: toDomainError(error, "github test report").toJSON() }, { status: 500, headers: noStore });
  }
}
