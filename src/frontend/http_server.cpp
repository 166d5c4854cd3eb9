#include "grundy/frontend/http_server.hpp"

#include "grundy/quote.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "grundy/error.hpp"
#include "grundy/spec.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/frontend/census_atlas.hpp"
#include "grundy/frontend/stop_signals.hpp"
#include "web_files.hpp"
#include "grundy/frontend/worker_pool.hpp"

namespace grundy::frontend {
namespace {

using nlohmann::json;

constexpr const char* kJson = "application/json";
constexpr std::size_t kConnectionThreads = 64;

// A JSON answer's text. Messages quote the request's bytes made printable
// (quote.hpp); should one slip through that is not UTF-8, it is written as
// U+FFFD, where nlohmann's default would throw: in a worker that was a
// crash, in the server's own threads the end of the server.
std::string json_text(const json& body) { return body.dump(-1, ' ', false, json::error_handler_t::replace) + "\n"; }

void reply(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(json_text(body), kJson);
}

constexpr const char* kPlotPath = "/api/plot";

// The request as the server's log shows it: its target, and a POST's body.
std::string shown_request(const httplib::Request& req, std::string_view body) {
  return req.method == "POST" ? fmt::format("{} {}", req.path, printable_text(body))
                              : fmt::format("{} {}", req.method, printable_text(req.target));
}

// The API's answer to `req`, computed by a worker process: it is sent
// "PATH\nBODY" and answers "STATUS CONTENT-TYPE\nBODY". `what` names what
// was asked for in the messages of a request cut off ("this position").
void answer_in_worker(WorkerPool& workers, const httplib::Request& req, const std::string& body, httplib::Response& res,
                      const ServeSettings& settings, std::string_view what = "this position") {
  const WorkerResult r = workers.run(fmt::format("{}\n{}", req.path, body), settings.time_limit);
  const double seconds = static_cast<double>(settings.time_limit.count()) / 1000;
  if (r.kind == WorkerResult::Kind::timed_out) {
    reply(res, 503,
          {{"error",
            fmt::format("{} takes longer than the {} s a request may use here; try smaller numbers", what, seconds)}});
    return;
  }
  if (r.kind == WorkerResult::Kind::busy) {
    reply(res, 503,
          {{"error", fmt::format("the server is busy: every worker was taken for {} s; try again", seconds)}});
    return;
  }
  if (r.kind == WorkerResult::Kind::unavailable) {
    fmt::print(stderr, "grundy serve: no worker could be started for {}\n", shown_request(req, body));
    reply(res, 503, {{"error", "the server could not start a process to compute this; try again"}});
    return;
  }
  if (r.kind == WorkerResult::Kind::out_of_memory) {
    reply(res, 503,
          {{"error", settings.memory_bytes > 0
                         ? fmt::format("{} needs more than the {} MiB of memory a request may use here", what,
                                       settings.memory_bytes >> 20)
                         : fmt::format("{} needs more memory than the server has", what)}});
    return;
  }
  const std::size_t newline = r.output.find('\n');
  const std::size_t space = r.output.find(' ');
  int status = 0;
  const bool read = newline != std::string::npos && space < newline &&
                    std::from_chars(r.output.data(), r.output.data() + space, status).ptr == r.output.data() + space;
  if (r.kind != WorkerResult::Kind::done || !read) {
    // The worker died without an answer: a defect, not the position's cost.
    fmt::print(stderr, "grundy serve: the worker computing {} ended without an answer (a crash)\n",
               shown_request(req, body));
    reply(res, 500, {{"error", "the computation of this position failed (the worker crashed; the server logged it)"}});
    return;
  }
  res.status = status;
  res.set_content(r.output.substr(newline + 1), r.output.substr(space + 1, newline - space - 1).c_str());
  // A 500 from a worker that did not crash is a defect too (gnuplot missing
  // for a picture): said where the server's owner looks.
  if (status >= 500) {
    std::string_view answer = res.body;
    if (answer.ends_with('\n')) answer.remove_suffix(1);
    fmt::print(stderr, "grundy serve: {} was answered {}: {}\n", shown_request(req, body), status,
               printable_whole(answer));
  }
}

// In a worker: "PATH\nBODY" -> "STATUS CONTENT-TYPE\nBODY". A picture's
// BODY is "N\nSPEC", N already checked by the server.
std::string answer_request(std::string_view message, const ServeSettings& settings) {
  const std::size_t newline = message.find('\n');
  const std::string_view path = message.substr(0, newline);
  const std::string_view body = message.substr(newline + 1);
  if (path == kPlotPath) {
    const std::size_t end = body.find('\n');
    const PlotReply p = answer_plot(body.substr(end + 1), parse_plot_to(body.substr(0, end)));
    if (p.status == 200) return fmt::format("200 image/svg+xml\n{}", p.svg);
    return fmt::format("{} {}\n{}", p.status, kJson, json_text(p.body));
  }
  const ApiReply a = answer_api(path, body, settings);
  return fmt::format("{} {}\n{}", a.status, kJson, json_text(a.body));
}

// Before the workers are forked: the registry and every family's parser
// once, so that each worker starts with them made.
void warm_up() {
  for (const GameFamily& f : game_families()) {
    if (f.reads_file) continue;  // its example names a file
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

// The limits every connection meets: the request's size, timeouts, and
// headers that keep answers from being sniffed or cached.
void set_limits(httplib::Server& server) {
  server.set_payload_max_length(kMaxRequestBytes);
  server.set_tcp_nodelay(true);  // headers and body go in two writes: no wait between them
  server.set_keep_alive_timeout(2);
  server.set_read_timeout(5);
  server.set_write_timeout(5);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"Cache-Control", "no-store"}});
}

// The pictures the server has drawn, by what was asked ("N\nSPEC"), the
// oldest forgotten first past kMostPictures (an SVG of 300 values is tens
// of kilobytes).
class PictureCache {
 public:
  static constexpr std::size_t kMostPictures = 256;
  bool answer(const std::string& question, httplib::Response& res) {
    const std::lock_guard lock(mutex_);
    const auto it = pictures_.find(question);
    if (it == pictures_.end()) return false;
    res.status = 200;
    res.set_content(it->second.body, it->second.type.c_str());
    return true;
  }
  void keep(const std::string& question, const httplib::Response& res) {
    const std::lock_guard lock(mutex_);
    if (pictures_.contains(question)) return;
    if (order_.size() == kMostPictures) {
      pictures_.erase(order_.front());
      order_.pop_front();
    }
    pictures_[question] = Picture{res.get_header_value("Content-Type"), res.body};
    order_.push_back(question);
  }

 private:
  struct Picture {
    std::string type, body;
  };
  std::mutex mutex_;
  std::map<std::string, Picture> pictures_;
  std::deque<std::string> order_;
};

// The census atlas (census_atlas.hpp): read from the census folder at its
// first request, then answered from memory by the server's own threads
// (a lookup, a filter and a sort of at most a few thousand rows: nothing a
// worker needs to bound).
void add_atlas_routes(httplib::Server& server, const ServeSettings& settings) {
  struct Loaded {
    std::once_flag once;
    CensusAtlas atlas;
    std::string error;
  };
  auto loaded = std::make_shared<Loaded>();
  auto atlas = [loaded, folder = settings.census_folder]() -> const CensusAtlas& {
    std::call_once(loaded->once, [&] {
      try {
        loaded->atlas = CensusAtlas::load(folder);
      } catch (const InputError& e) {
        loaded->error = e.what();
      }
    });
    if (!loaded->error.empty()) throw InputError(loaded->error);
    return loaded->atlas;
  };
  const auto words = [](const httplib::Request& req) {
    std::map<std::string, std::string> w;
    for (const auto& [k, v] : req.params) w[k] = v;
    return w;
  };
  server.Get("/census", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/census.html"); });
  server.Get("/api/census/about", [atlas](const httplib::Request&, httplib::Response& res) {
    try {
      const CensusAtlas& a = atlas();
      json filters = json::array(), sorts = json::array();
      for (auto f : atlas_filter_names()) filters.push_back(f);
      for (auto s : atlas_sort_names()) sorts.push_back(s);
      reply(res, 200, {{"games", a.size()}, {"censuses", a.censuses()}, {"filters", filters}, {"sorts", sorts}});
    } catch (const InputError& e) {
      reply(res, 500, {{"error", e.what()}});
    }
  });
  server.Get("/api/census/game", [atlas](const httplib::Request& req, httplib::Response& res) {
    try {
      const std::string game = CensusAtlas::normal_code(req.get_param_value("code"));
      const auto entry = atlas().entry(game);
      if (!entry) {
        reply(
            res, 400,
            {{"error", fmt::format("{} is in none of the censuses ({})", game, fmt::join(atlas().censuses(), ", "))}});
        return;
      }
      reply(res, 200, *entry);
    } catch (const InputError& e) {
      reply(res, 400, {{"error", e.what()}});
    }
  });
  server.Get("/api/census/list", [atlas, words](const httplib::Request& req, httplib::Response& res) {
    try {
      reply(res, 200, atlas().list(parse_atlas_query(words(req))));
    } catch (const InputError& e) {
      reply(res, 400, {{"error", e.what()}});
    }
  });
  server.Get("/api/census/download", [atlas](const httplib::Request& req, httplib::Response& res) {
    try {
      const std::string census = req.get_param_value("census");
      const std::string format = req.has_param("format") ? req.get_param_value("format") : "jsonl";
      const std::string body = atlas().download(census, format);
      res.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}.{}\"", census, format));
      res.set_content(body, format == "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson");
    } catch (const InputError& e) {
      reply(res, 400, {{"error", e.what()}});
    }
  });
}

// The page's files, the games' catalogue, the picture and the API: every
// route that computes is answered by a worker.
void add_routes(httplib::Server& server, const ServeSettings& settings, WorkerPool& workers, const json& catalogue) {
  for (const WebFile& f : web_files()) {
    server.Get(std::string(f.path), [&f](const httplib::Request&, httplib::Response& res) {
      res.set_content(f.bytes.data(), f.bytes.size(), std::string(f.content_type).c_str());
    });
  }
  server.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/index.html"); });
  server.Get("/api/games",
             [&catalogue](const httplib::Request&, httplib::Response& res) { reply(res, 200, catalogue); });
  add_atlas_routes(server, settings);
  // The picture computes values and their rule, then runs gnuplot: in a
  // worker, under the time and memory limits, as every route that computes.
  // Only its `to` is checked here, which computes nothing.
  // Pictures drawn are kept (the atlas shows a game's picture each time it
  // is looked up): the same values draw the same picture.
  auto pictures = std::make_shared<PictureCache>();
  server.Get(kPlotPath, [&settings, &workers, pictures](const httplib::Request& req, httplib::Response& res) {
    std::uint64_t to = 0;
    try {
      to = parse_plot_to(req.has_param("to") ? req.get_param_value("to") : std::to_string(kPlotHeaps));
    } catch (const InputError& e) {
      reply(res, 400, {{"error", e.what()}});
      return;
    }
    const std::string question = fmt::format("{}\n{}", to, req.get_param_value("game"));
    if (pictures->answer(question, res)) return;
    answer_in_worker(workers, req, question, res, settings, "this picture");
    if (res.status == 200) pictures->keep(question, res);
  });
  // The body is read here, not by cpp-httplib: its own reading refuses
  // form-encoded bodies over 8 KiB (what curl -d sends), below the 64 KiB
  // the API promises.
  server.Post(R"(/api/[a-z-]+)", [&settings, &workers](const httplib::Request& req, httplib::Response& res,
                                                       const httplib::ContentReader& content) {
    if (!is_api_route(req.path)) {
      reply(res, 404, {{"error", fmt::format("no API route {}", req.path)}});
      return;
    }
    // What curl -F sends. cpp-httplib reads such a body only part by part,
    // through receivers this route does not give (reading it as one body
    // threw, a 500): it is refused unread, and the connection closed, so
    // that the body left unread is not taken for the next request.
    if (req.is_multipart_form_data()) {
      res.set_header("Connection", "close");
      reply(res, 400,
            {{"error", fmt::format("the request is multipart form data (as curl -F sends); send the JSON "
                                   "object itself as the body, as curl -d '{}' does",
                                   R"({"position": "nim 3 4 5"})")}});
      return;
    }
    std::string body;
    bool too_large = false;
    const bool read = content([&](const char* data, std::size_t size) {
      too_large = body.size() + size > kMaxRequestBytes;
      if (!too_large) body.append(data, size);
      return !too_large;
    });
    // cpp-httplib reads nothing when the declared length is over its limit.
    if (too_large || (!read && req.get_header_value<std::uint64_t>("Content-Length") > kMaxRequestBytes)) {
      reply(res, 413, {{"error", fmt::format("the request is larger than the {} bytes read", kMaxRequestBytes)}});
      return;
    }
    if (!read) {
      reply(res, 400, {{"error", "the request's body could not be read to its end"}});
      return;
    }
    answer_in_worker(workers, req, body, res, settings);
  });
}

// The answers to what no route takes, and to a handler of the server's own
// that throws.
void add_error_handlers(httplib::Server& server) {
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413) {
      reply(res, 413, {{"error", fmt::format("the request is larger than the {} bytes read", kMaxRequestBytes)}});
    } else if (res.status == 404 && is_api_route(req.path)) {
      reply(res, 405,
            {{"error", fmt::format("{} takes a POST with a JSON body, such as {{\"position\": \"nim 3 4 5\"}}, "
                                   "not a {}",
                                   req.path, req.method)}});
    } else if (res.status == 404) {
      // The path is decoded: %ff is the byte 0xff.
      reply(res, 404, {{"error", fmt::format("nothing at {}", printable_text(req.path))}});
    }
  });
  // A handler of the server's own threw: a defect of grundy, said on stderr
  // as a worker's crash is.
  server.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr thrown) {
    std::string what = "an exception that is not a std::exception";
    try {
      std::rethrow_exception(thrown);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    fmt::print(stderr, "grundy serve: {} {} failed in the server: {}\n", req.method, printable_text(req.path),
               printable_whole(what));
    reply(res, 500, {{"error", "internal error (the server logged it)"}});
  });
}

// Binds the address asked for; returns the port (chosen by the system for port 0).
int bind_address(httplib::Server& server, const ServeOptions& options) {
  // cpp-httplib listens with a backlog of 5: a sixth player connecting at
  // the same moment would wait a second for the SYN to be sent again. The
  // socket is kept here (with httplib's own option, SO_REUSEADDR) and
  // listened on again with the system's backlog once bound.
  int listening = -1;
  server.set_socket_options([&listening](int sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = sock;
  });

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) throw InputError(fmt::format("--host {}: cannot listen there", options.host));
  } else if (!server.bind_to_port(options.host, port)) {
    throw InputError(fmt::format("--port {}: cannot listen on {}:{} (in use, or not an address of this machine)", port,
                                 options.host, port));
  }
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  return port;
}

// The address line (on stdout, or to options.announce), and on stderr how
// to stop a server that Ctrl-C cannot reach and a warning when others can.
void announce(const ServeOptions& options, int port) {
  const bool loopback = options.host == "127.0.0.1" || options.host == "::1" || options.host == "localhost";
  const std::string shown_host =
      options.host.find(':') != std::string::npos ? fmt::format("[{}]", options.host) : options.host;
  // A shell that starts a program in the background from a script makes it
  // ignore SIGINT, and the server keeps that (as every program should): then
  // the address line does not promise Ctrl-C, and stderr says how to stop it.
  // The disposition now, too: a process embedding the server (Python)
  // never ran handle_interruptions, and keeps an ignored SIGINT ignored.
  struct sigaction sigint_now {};
  ::sigaction(SIGINT, nullptr, &sigint_now);
  const bool ctrl_c_stops = !interrupt_ignored() && sigint_now.sa_handler != SIG_IGN;
  const std::string address = fmt::format("grundy serve: open http://{}:{}/ in a browser{}\n", shown_host, port,
                                          ctrl_c_stops ? "; Ctrl-C stops the server" : "");
  if (options.announce) {
    options.announce(address);
  } else {
    fmt::print("{}", address);
  }
  if (!ctrl_c_stops)
    fmt::print(stderr,
               "grundy serve: SIGINT is ignored here (started in the background?), so Ctrl-C will not "
               "reach it: stop it with 'kill {}' (SIGTERM)\n",
               ::getpid());
  if (!loopback)
    fmt::print(stderr, "grundy serve: listening on {}, not only this machine: anyone who can reach it can play\n",
               options.host);
  std::fflush(stdout);
}

// Serves until the listening ends, or, with options.keep_serving, until it
// says to stop.
void listen_until_stopped(httplib::Server& server, const ServeOptions& options) {
  if (!options.keep_serving) {
    if (!server.listen_after_bind()) throw InputError("the server stopped: it could not accept connections");
    return;
  }
  std::atomic<bool> listened{true};
  std::atomic<bool> ended{false};
  std::thread listening_thread([&] {
    listened = server.listen_after_bind();
    ended = true;
  });
  // stop() before the server runs would be lost (cpp-httplib 0.11 has no wait_until_ready).
  while (!server.is_running() && !ended) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  while (!ended) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!options.keep_serving()) break;
  }
  server.stop();
  listening_thread.join();
  if (!listened) throw InputError("the server stopped: it could not accept connections");
}

}  // namespace

int serve(const ServeOptions& options) {
  // A player who closes the page mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  ServeSettings settings = options.settings;
  // The sanitizers reserve terabytes of address space for their shadow memory.
  if (sanitizers_present()) settings.memory_bytes = 0;
  for (const std::string& file : settings.graphs)
    (void)parse_game(fmt::format("graph:{}", file));  // a bad file: an error now
  warm_up();
  // Forked before the server's threads start: the first workers copy a small process.
  // One ready per core grundy may use (counted as the search counts them), at least two.
  WorkerPool workers([&settings](std::string_view request) { return answer_request(request, settings); },
                     std::max(2U, available_cores()), kConnectionThreads, settings.memory_bytes, options.fork_hooks);
  if (options.workers_ready) options.workers_ready();

  httplib::Server server;
  // cpp-httplib gives each open connection a thread for as long as it is kept
  // alive: the pool bounds the players served at once. As many workers may
  // exist, so that no request waits for one.
  const std::size_t threads = kConnectionThreads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  set_limits(server);
  // Made once: it reads the graph files offered, which a request must not make the server do.
  const json catalogue = games_catalogue(settings);
  add_routes(server, settings, workers, catalogue);
  add_error_handlers(server);
  const int port = bind_address(server, options);
  announce(options, port);
  listen_until_stopped(server, options);
  return 0;
}

}  // namespace grundy::frontend
