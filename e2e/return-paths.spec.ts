import { expect, test } from "@playwright/test";
import { newPerson, signUp } from "./support/people";

/** A signed-in visit to the sign-in page sends the person on, but only to a path of this site. */
test("the sign-in page never redirects a signed-in person off this site, and no return path breaks it", async ({ page }) => {
  await signUp(page, newPerson("Robin"));
  const cases: Array<[string, string]> = [
    ["/%09/evil.example", "/projects"],
    ["/%0a/evil.example", "/projects"],
    ["/%0d/evil.example", "/projects"],
    ["/%0d%0aSet-Cookie:%20a=b", "/projects"],
    ["//evil.example", "/projects"],
    ["/%5Cevil.example", "/projects"],
    ["/..//evil.example", "/projects"],
    ["https://evil.example/", "/projects"],
    ["/settings/tokens?x=1", "/settings/tokens?x=1"],
  ];
  for (const [callbackUrl, expected] of cases) {
    const response = await page.request.get(`/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
    expect(response.status(), callbackUrl).toBe(307);
    expect(response.headers()["location"], callbackUrl).toBe(expected);
  }
});
