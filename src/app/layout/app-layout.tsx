// The frame around every route: header, the routed page, footer.
import { Outlet } from "react-router";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import "./layout.css";

export function AppLayout() {
  return (
    <>
      <AppHeader />
      <div id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </div>
      <AppFooter />
    </>
  );
}
