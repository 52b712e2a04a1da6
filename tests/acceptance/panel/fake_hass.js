// A stand-in for the `hass` object Home Assistant gives a custom panel, for
// tests/acceptance/test_panel_offline.py: the websocket commands answer from
// `window.fake.handlers`, every message is recorded in `window.fake.sent`,
// and `window.fake.emit(event)` pushes a subscription event.
window.fake = {
  sent: [],
  listeners: [],
  handlers: {},
  emit(event) {
    for (const listener of this.listeners) listener(event);
  },
};

window.makeHass = (resources, user) => ({
  language: window.hassLanguage || "en",
  locale: {
    language: window.hassLanguage || "en",
    time_zone: window.profileTimeZone || "server",
  },
  config: { time_zone: "Europe/Berlin" },
  user: { id: user.id, is_admin: user.is_admin },
  dockedSidebar: "docked",
  localize: () => "",
  connection: {
    async sendMessagePromise(message) {
      window.fake.sent.push(message);
      if (message.type === "frontend/get_translations") return { resources };
      const handler = window.fake.handlers[message.type];
      if (!handler) throw { code: "unknown_command", message: "Unknown command." };
      return handler(message);
    },
    async subscribeMessage(callback, message) {
      window.fake.sent.push(message);
      window.fake.listeners.push(callback);
      return async () => {
        window.fake.listeners = window.fake.listeners.filter((l) => l !== callback);
      };
    },
  },
});

window.openPanel = (resources, user, path) => {
  const panel = document.createElement("home-memory-panel");
  panel.hass = window.makeHass(resources, user);
  panel.narrow = false;
  panel.route = { prefix: "/memory", path };
  panel.panel = { config: {} };
  window.addEventListener("location-changed", () => {
    panel.route = { prefix: "/memory", path: location.pathname.replace(/^\/memory/, "") };
  });
  document.body.appendChild(panel);
  return panel;
};
