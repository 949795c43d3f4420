import SmartCouchDomain

extension DatabaseBounds {
    /// A duration as a PostgreSQL setting's value.
    static func setting(_ duration: Duration) -> String {
        "\(duration.milliseconds)ms"
    }

    /// How long `work` waits for a connection.
    func poolWait(for work: DatabaseWork) -> Duration {
        work == .request ? poolWait : jobPoolWait
    }
}

/// Whose work a database call is: it decides how long the call waits for a connection and
/// whether it may be shed. Requests are the default; the scheduler and the migration runner say
/// otherwise for the calls they make.
package enum DatabaseWork: Sendable {
    case request, job, migration

    @TaskLocal package static var current: DatabaseWork = .request
}
