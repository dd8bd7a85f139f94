// Placeholder webview entry so the browser build is exercised until the first real panel (queue item details) lands.
export {};
