import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// The MCP door (docs/contract.md#transport): stateless Streamable HTTP; all logic lives in lib/mcp.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleMcpRequest(request);
}

export function GET(request: Request): Promise<Response> {
  return handleMcpRequest(request);
}

export function DELETE(request: Request): Promise<Response> {
  return handleMcpRequest(request);
}
