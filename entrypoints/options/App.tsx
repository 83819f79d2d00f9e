export function App() {
  return (
    <main>
      <h1>Space Clipper</h1>
    </main>
  );
}
