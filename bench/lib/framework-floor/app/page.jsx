// The framework floor's one page: a heading and a sentence, no data, no client component of its own. Whatever
// Lighthouse counts here is Next.js, React and the machine, never the shop (decision 134).
export default function Page() {
  return (
    <main>
      <h1>Framework floor</h1>
      <p>A Next.js page with nothing of the shop in it, measured beside the shop&apos;s pages in the same run.</p>
    </main>
  );
}
