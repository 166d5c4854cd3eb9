#include "serve.hpp"

#include <cstdio>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "grundy/error.hpp"
#include "grundy/spec.hpp"
#include "isolated.hpp"
#include "web_files.hpp"

namespace grundy::cli {
namespace {

using nlohmann::json;

constexpr const char* kJson = "application/json";

void reply(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump() + "\n", kJson);
}

// The API's answer computed in a child process; the child sends back
// "STATUS\nBODY".
void answer_isolated(const httplib::Request& req, httplib::Response& res, const ServeSettings& settings) {
  const IsolatedResult r = run_isolated(
      [&] {
        const ApiReply a = answer_api(req.path, req.body, settings);
        return fmt::format("{}\n{}", a.status, a.body.dump());
      },
      settings.time_limit, settings.memory_bytes);
  if (r.kind == IsolatedResult::Kind::timed_out) {
    reply(res, 503,
          {{"error", fmt::format("this position takes longer than the {} s a request may use here; try smaller numbers",
                                 static_cast<double>(settings.time_limit.count()) / 1000)}});
    return;
  }
  const std::size_t newline = r.output.find('\n');
  if (r.kind != IsolatedResult::Kind::done || newline == std::string::npos) {
    reply(res, 503, {{"error", fmt::format("this position needs more than the {} MiB of memory a request may use here",
                                           settings.memory_bytes >> 20)}});
    return;
  }
  res.status = std::stoi(r.output.substr(0, newline));
  res.set_content(r.output.substr(newline + 1) + "\n", kJson);
}

// Before any request: the registry and every family's parser once, so that
// a child never starts with a function-local static half made by another
// thread at the moment of its fork.
void warm_up() {
  for (const GameFamily& f : game_families()) {
    if (f.name == "graph") continue;
    try {
      (void)parse_game(f.example);
    } catch (const std::exception&) {
    }
  }
}

bool sanitizers_present() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace

int serve(const ServeOptions& options) {
  ServeSettings settings = options.settings;
  // The sanitizers reserve terabytes of address space for their shadow memory.
  if (sanitizers_present()) settings.memory_bytes = 0;
  for (const std::string& file : settings.graphs) (void)parse_game(fmt::format("graph:{}", file));  // a bad file: an error now
  warm_up();

  httplib::Server server;
  const std::size_t threads = std::max<std::size_t>(16, 2 * std::thread::hardware_concurrency());
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(kMaxRequestBytes);
  server.set_keep_alive_timeout(2);
  server.set_read_timeout(5);
  server.set_write_timeout(5);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"Cache-Control", "no-store"}});

  for (const WebFile& f : web_files()) {
    server.Get(std::string(f.path), [&f](const httplib::Request&, httplib::Response& res) {
      res.set_content(f.bytes.data(), f.bytes.size(), std::string(f.content_type).c_str());
    });
  }
  server.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/index.html"); });
  server.Get("/api/games", [&settings](const httplib::Request&, httplib::Response& res) {
    reply(res, 200, games_catalogue(settings));
  });
  server.Post(R"(/api/[a-z-]+)", [&settings](const httplib::Request& req, httplib::Response& res) {
    if (!is_api_route(req.path)) {
      reply(res, 404, {{"error", fmt::format("no API route {}", req.path)}});
      return;
    }
    answer_isolated(req, res, settings);
  });
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413) {
      reply(res, 413, {{"error", fmt::format("the request is larger than the {} bytes read", kMaxRequestBytes)}});
    } else if (res.status == 404) {
      reply(res, 404, {{"error", fmt::format("nothing at {}", req.path)}});
    }
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    reply(res, 500, {{"error", "internal error"}});
  });

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) throw InputError(fmt::format("--host {}: cannot listen there", options.host));
  } else if (!server.bind_to_port(options.host, port)) {
    throw InputError(fmt::format("--port {}: cannot listen on {}:{} (in use, or not an address of this machine)",
                                 port, options.host, port));
  }
  const bool loopback = options.host == "127.0.0.1" || options.host == "::1" || options.host == "localhost";
  const std::string shown_host = options.host.find(':') != std::string::npos ? fmt::format("[{}]", options.host) : options.host;
  fmt::print("grundy serve: open http://{}:{}/ in a browser; Ctrl-C stops the server\n", shown_host, port);
  if (!loopback)
    fmt::print(stderr, "grundy serve: listening on {}, not only this machine: anyone who can reach it can play\n",
               options.host);
  std::fflush(stdout);
  if (!server.listen_after_bind()) throw InputError("the server stopped: it could not accept connections");
  return 0;
}

}  // namespace grundy::cli
