import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct SQLStatementsTests {
    @Test func splitsAtStatementEndsOnly() {
        let sql = """
            -- a comment; with a semicolon
            CREATE TABLE a (note text DEFAULT 'x;y', "odd;name" int);
            /* block; comment */ INSERT INTO a VALUES ('it''s; fine', 1);
            CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql;
            SELECT $$a;b$$;
            -- trailing comment only
            """
        let statements = SQLStatements.split(sql)
        #expect(statements.count == 4)
        #expect(statements[0].hasSuffix("\"odd;name\" int)"))
        #expect(statements[1].contains("'it''s; fine'"))
        #expect(statements[2].contains("RETURN 1; END; $body$ LANGUAGE plpgsql"))
        #expect(statements[3] == "SELECT $$a;b$$")
    }

    @Test func aStatementWithoutFinalSemicolonCounts() {
        #expect(SQLStatements.split("SELECT 1;\nSELECT 2") == ["SELECT 1", "SELECT 2"])
    }
}
