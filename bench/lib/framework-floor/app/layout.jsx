// The framework floor's root layout (bench/lib/framework-floor.mjs): nothing but the document.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
