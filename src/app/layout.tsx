import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { TrpcProviders } from "../trpc/react";
import "./globals.css";

// Every page renders per request, so that Next can put the CSP nonce of src/proxy.ts on its inline scripts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Lifeline",
  description: "Uptime and cron-job monitoring",
  // The files of public/ (drawn by scripts/icons.mjs).
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "32x32" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/manifest.webmanifest",
};
export const viewport: Viewport = { width: "device-width", initialScale: 1, colorScheme: "light dark" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TrpcProviders>{children}</TrpcProviders>
      </body>
    </html>
  );
}
