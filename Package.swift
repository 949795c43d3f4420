// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "SmartCouch",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "smartcouch", targets: ["smartcouch"]),
        .library(name: "OpenHAB", targets: ["OpenHAB", "OpenHABModels"]),
        .library(name: "Weather", targets: ["Weather"]),
        .library(name: "OpenHABSimulator", targets: ["OpenHABSimulator"]),
        .executable(name: "openhab-sim", targets: ["openhab-sim"]),
        // What an app or a host's system ships with: the client generated from swagger.yaml, with
        // sessions, idempotency keys, typed problems and the event stream handled.
        .library(name: "SmartCouchKit", targets: ["SmartCouchKit"]),
        .library(name: "SmartCouchKitAsyncHTTPClient", targets: ["SmartCouchKitAsyncHTTPClient"])
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // Without its default trait (loading external references), which the contract test does not need.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
        // The client kit, generated from swagger.yaml at build time, and its transports.
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.7.0"),
        // The guest's page: templates that escape what they print by default.
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.0"),
        // The long-running work (the pool, the scheduler, hub streams, the HTTP server) in one group.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        // A request's id (and trace) carried with the work done for it; figures in Prometheus' format.
        .package(url: "https://github.com/apple/swift-service-context.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        // Traces: spans where the work is, exported over OTLP/HTTP only when configured.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"])
    ],
    targets: [
        // The layers, each seeing only those below it: domain values and rules; their storage;
        // the services and jobs; the composition root that builds them; the HTTP server. CI builds with
        // --explicit-target-dependency-import-check error, so an import not listed here fails.
        .target(name: "SmartCouchDomain", dependencies: ["OpenHABModels"], resources: [.copy("Resources/common-passwords.txt")]),
        .target(
            name: "SmartCouchPersistence",
            dependencies: [
                "SmartCouchDomain",
                "OpenHABModels",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing")
            ]
        ),
        .target(
            name: "SmartCouchServices",
            dependencies: [
                "SmartCouchDomain",
                "SmartCouchPersistence",
                "OpenHAB",
                "OpenHABModels",
                "Weather",
                "HTTPTransport",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "CoreMetrics", package: "swift-metrics")
            ]
        ),
        // The composition root: builds every repository, service and worker once from the settings.
        .target(
            name: "SmartCouchBootstrap",
            dependencies: [
                "SmartCouchDomain",
                "SmartCouchPersistence",
                "SmartCouchServices",
                "HTTPTransport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus")
            ]
        ),
        .target(
            name: "SmartCouchHTTP",
            dependencies: [
                "SmartCouchDomain",
                "SmartCouchBootstrap",
                "SmartCouchServices",
                "OpenHABModels",
                "Weather",
                "HTTPTransport",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceContextModule", package: "swift-service-context")
            ]
        ),
        .executableTarget(
            name: "smartcouch",
            dependencies: [
                "SmartCouchDomain",
                "SmartCouchPersistence",
                "SmartCouchServices",
                "SmartCouchBootstrap",
                "SmartCouchHTTP",
                "OpenHAB",
                "OpenHABSimulator",
                "HTTPTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ]
        ),
        .testTarget(
            name: "SmartCouchTests",
            dependencies: [
                "SmartCouchDomain",
                "SmartCouchPersistence",
                "SmartCouchServices",
                "SmartCouchBootstrap",
                "SmartCouchHTTP",
                "HTTPTransport",
                "OpenHAB",
                "OpenHABModels",
                "OpenHABSimulator",
                "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                "SmartCouchKit",
                "SmartCouchKitAsyncHTTPClient",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "JWTKit", package: "jwt-kit"),
                // Webhook receivers check signatures as a host's system would, apart from the server's code.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client")
            ]
        ),
        // The client kit: types and a client generated from swagger.yaml (its openapi.yaml is a link
        // to it) at build time, so a contract that generators misread fails the build or the tests.
        .target(
            name: "SmartCouchKit",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "SmartCouchKitAsyncHTTPClient",
            dependencies: [
                "SmartCouchKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client")
            ]
        ),
        // Typed client for openHAB's REST API; Foundation only, so it can be reused outside the server.
        // libcurl, used directly: the C library, and the shim over its variadic functions.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // Every outbound call (hubs, weather) goes through this transport and its egress policy.
        .target(
            name: "HTTPTransport",
            dependencies: ["CCurl", "CCurlShim", .product(name: "ServiceContextModule", package: "swift-service-context")]),
        // openHAB's value types (items, things, states, commands): Foundation only, no transport.
        .target(name: "OpenHABModels"),
        .target(
            name: "OpenHAB",
            dependencies: ["OpenHABModels", "HTTPTransport", .product(name: "ServiceContextModule", package: "swift-service-context")]),
        // Outdoor temperature from OpenWeatherMap or Open-Meteo; Foundation only.
        .target(name: "Weather", dependencies: ["HTTPTransport"]),
        // A stand-in openHAB hub and weather API for tests and demos.
        .target(
            name: "OpenHABSimulator",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]
        ),
        .executableTarget(
            name: "openhab-sim",
            dependencies: [
                "OpenHABSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // What the test targets share: waiting for background work, simulators to test against.
        .target(
            name: "TestSupport",
            dependencies: ["OpenHABSimulator", .product(name: "Vapor", package: "vapor"), .product(name: "NIOCore", package: "swift-nio")],
            path: "Tests/TestSupport"),
        // The pure rules (schedules, the weather decision, the keypad plan, iCalendar feeds, the
        // stay window, the password policy): no server, no database, seconds to run.
        .testTarget(name: "SmartCouchRulesTests", dependencies: ["SmartCouchDomain", "OpenHABModels"]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
        .testTarget(
            name: "OpenHABTests",
            dependencies: ["OpenHAB", "OpenHABModels", "Weather", "HTTPTransport", "OpenHABSimulator", "TestSupport"]
        ),
        .testTarget(
            name: "OpenHABSimulatorTests",
            dependencies: [
                "OpenHABSimulator",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]
        )
    ]
)
