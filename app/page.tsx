import { redirect } from "next/navigation";
import { getWebActor } from "@/lib/auth/session-gate";

export const dynamic = "force-dynamic";

export default async function Home() {
  redirect((await getWebActor()) ? "/projects" : "/signin");
}
